//! The service's light Markdown as Discord Markdown: names and other text the
//! players wrote can make no markup in the bot's messages.

/// The service's light Markdown (`**bold**`, `` `code` ``, line breaks, `- ` at the
/// start of a list line) as Discord Markdown: every other character Discord reads
/// as markup is escaped with a backslash, so a display name such as
/// `[Claim prize](https://evil.example)` shows as typed, never as a link, a header
/// or a spoiler. Code spans are left as they are (Discord shows them verbatim), and
/// so are the mentions of the users in `pinged` (the reply's own). A channel
/// mention is never kept: the adapter writes those itself, from the reply's noted
/// places, after this.
#[must_use]
pub fn discord_markdown(text: &str, pinged: &[&str]) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut code = false;
    // Only blanks, or a list's `-`, since the line began: where `#` makes a header
    // (`-#` small print) and `>` a quote.
    let mut line_start = true;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let mut step = c.len_utf8();
        if code {
            out.push(c);
            code = c != '`';
        } else if rest.starts_with("**") {
            out.push_str("**");
            step = 2;
        } else if let Some(mention) = kept_mention(rest, pinged) {
            out.push_str(mention);
            step = mention.len();
        } else {
            match c {
                '`' => {
                    out.push(c);
                    code = true;
                }
                '#' | '>' if line_start => {
                    out.push('\\');
                    out.push(c);
                }
                '\\' | '*' | '_' | '~' | '|' | '[' | ']' | '<' => {
                    out.push('\\');
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
        line_start = c == '\n' || (line_start && (c == ' ' || c == '-'));
        rest = &rest[step..];
    }
    out
}

/// A user mention `<@digits>` of one of `pinged`, at the start of `text`.
fn kept_mention<'t>(text: &'t str, pinged: &[&str]) -> Option<&'t str> {
    let tail = text.strip_prefix("<@")?;
    let end = tail.find('>')?;
    let id = &tail[..end];
    let numeric = !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit());
    (numeric && pinged.contains(&id)).then(|| &text[..end + 3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_make_markup_but_the_services_own_markdown_stays() {
        let name = "[Claim prize](https://evil.example)";
        let text = format!("**{name}** challenges you. `/oware accept` ||x|| ~~y~~ _z_ <@1>");
        assert_eq!(
            discord_markdown(&text, &[]),
            "**\\[Claim prize\\](https://evil.example)** challenges you. `/oware accept` \\|\\|x\\|\\| \\~\\~y\\~\\~ \\_z\\_ \\<@1>"
        );
        // A header, small print or a quote only at a line's start; lists stay.
        assert_eq!(
            discord_markdown("# Big\n-# small\n> quote\n- item, game #12 > 3\n`a_b`", &[]),
            "\\# Big\n-\\# small\n\\> quote\n- item, game #12 > 3\n`a_b`"
        );
        // A channel mention in a name is text: only the adapter links channels.
        assert_eq!(discord_markdown("in <#42> only", &[]), "in \\<#42> only");
        assert_eq!(discord_markdown("a\\b <#x>", &[]), "a\\\\b \\<#x>");
        assert_eq!(
            discord_markdown("<@7> and <@8>", &["7"]),
            "<@7> and \\<@8>",
            "only the reply's own mentions"
        );
    }
}
