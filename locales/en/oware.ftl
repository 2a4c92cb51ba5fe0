# The bot's messages in English: the reference every other language follows.
# Variables are `{ $name }`; a line inside a message must not start with `[`, `*`
# or `.` (write `{"*"}` for a leading asterisk). Markdown: **bold**, `code`.

## Settings

settings-changed = Settings changed ({ $changes }). They apply to games challenged from now on; games already challenged or under way keep theirs.
language-changed = The bot speaks { $language } here from now on.
