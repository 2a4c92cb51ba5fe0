//! The fixed texts: help and rules.

/// How to use the bot.
pub(super) const HELP: &str = "\
**Oware bot**: play Oware (abapa rules) right here.
- `/oware play @someone`: challenge someone. Options: `first:me|them|random` \
`rated:yes|no` `variant:abapa|forbidden|capture-all` `advice:on|off` \
`time:3d|12h|30m|5+3|none` `reminders:on|off`. By default you move first and play \
South (A–F), rated, 3 days a move.
- Clocks: `time:3d` is a deadline per move (with reminders); `time:5+3` a live clock \
(5 min, +3 s a move); `time:none` casual only. Out of time loses.
- `/oware play @oware-bot level:easy|medium|hard`: the engine, at once (never rated).
- `/oware accept` / `/oware decline`: answer a challenge (or press its buttons); \
`/oware cancel` withdraws your own.
- `/move c` (or `move c`): sow from pit c of your own row; add `#12` to name a game.
- `/oware board`: the board. `/oware games`: your games.
- `/oware resign`; `/oware end`: propose ending by agreement (each takes their own \
row; the other confirms with `/oware end`). `/oware abort`: call a game off \
before both sides have moved (no result).
- `/oware rematch`: after a game, challenge the same player again, sides swapped; \
`/oware reissue c7`: make an expired challenge again.
- `/oware advise d`: watching? Suggest a pit for the side to move (tallied); \
 `advice:on` is casual games' default.
- `/oware leaderboard [global] [page:2]`: ratings here or everywhere.
- `/oware stats [@someone]`: rating, record, head-to-head, chart; `/oware history \
[@someone]`: last 10 games.
- `/oware replay #12`: a game as a GIF and a record.
- `/oware analyse #12`: the engine's review of a finished game; `/oware advisers \
[global]`: whose advice was best; `/oware puzzle [daily]`, then `/oware puzzle answer:c`.
- `/oware link`: a code; `/oware link CODE` on another network shares one \
rating.
- Rated games of 10+ moves change ratings (Glicko-2; `?`: provisional).
- `/oware tournament`: tournaments. `/oware help rules`. `/oware report #12 why`: tell the \
admins. Admins: `/oware settings` (all see), `/oware admin` (`status`, moderation).";

/// The moderation commands, for those who administer the place (`/oware admin`).
pub(super) const ADMIN: &str = "\
**Moderation** (server admins; each action is kept in the audit log):
- `/oware admin status`: the bot's health (shards, games in progress, queues).
- `/oware admin abort #12 why`: call a game of this server off (unrated, no result).
- `/oware admin adjudicate #12 @winner why`: decide a game (rated like any result); \
`draw` instead of `@winner` makes it a draw.
- `/oware admin ban @someone [days] why`: stop them playing games here (challenging, \
accepting or being challenged), for `days` days or until unbanned.
- `/oware admin unban @someone`: lift a ban.
- `/oware admin log`: the last 20 actions and reports.
Anyone can report a game to the admins with `/oware report #12 why`.";

/// Tournaments (`/oware tournament`), before the list of this place's.
pub(super) const TOURNAMENT: &str = "\
**Tournaments**:
- `/oware tournament create My Cup format:round-robin|swiss rounds:3 time:3d rated:yes`: \
a new one (server admins, or anyone if `/oware settings tournaments:anyone`); \
`double:yes` makes a round-robin meet twice, colours swapped.
- `/oware tournament join [T2]` / `leave`: enter, or withdraw (from the next round on).
- `/oware tournament start [T2]`: the creator or an admin starts it; each round's \
games start by themselves, announced here, and the next round when the last ends.
- `/oware tournament standings [T2]`: the table, tie-breaks Buchholz (Bh), \
Sonneborn-Berger (SB) and seeds captured; a loss on time counts as a loss.";

/// The rules of Oware (abapa), short.
pub(super) const RULES: &str = "\
**Oware (abapa)**: two rows of six pits, four seeds in each. South owns A–F (bottom), \
North a–f (top); you always name a pit of your own row.
- **Sowing**: take every seed from one of your pits and drop one in each following \
pit, counter-clockwise (F→a, f→A); a pit with 12+ seeds skips itself.
- **Capture**: if the last seed lands in an opponent pit that now holds 2 or 3, take \
them, and keep taking the pits just before it while they hold 2 or 3 and are the \
opponent's.
- **Grand slam**: a move that would capture the opponent's whole row captures nothing \
(variants: `forbidden` forbids it, `capture-all` takes everything).
- **Feeding**: if your opponent has no seeds, you must play a move that gives them some; \
if you cannot, you take the seeds on your row and the game ends.
- **End**: 25 seeds wins; 24–24 is a draw. An endless cycle ends with each player \
taking their own row; players may also agree to end it that way (`/oware end`).";

#[cfg(test)]
mod tests {
    #[test]
    fn help_and_rules_fit_in_one_discord_message() {
        // Discord cuts message content at 2,000 characters.
        assert!(super::HELP.chars().count() <= 2000);
        assert!(super::RULES.chars().count() <= 2000);
        assert!(super::ADMIN.chars().count() <= 2000);
        for command in [
            "time:3d",
            "/oware abort",
            "/oware rematch",
            "/oware reissue",
            "/oware analyse",
            "/oware advisers",
            "/oware puzzle",
            "/oware puzzle answer:",
            "(`status`",
            "/oware settings",
            "/oware admin",
            "/oware report",
        ] {
            assert!(super::HELP.contains(command), "{command}");
        }
    }
}
