# The bot's messages in English: the reference every other language follows.
# Variables are `{ $name }`; a line inside a message must not start with `[`, `*`
# or `.` (write `{"*"}` for a leading asterisk). Markdown: **bold**, `code`.

## Settings

settings-changed = Settings changed ({ $changes }). They apply to games challenged from now on; games already challenged or under way keep theirs.
language-changed = The bot speaks { $language } here from now on.

## Tournaments (src/service/tournaments/)

tournament-title = **{ $name }** (T{ $id })
tournament-list-here = Tournaments here:
tournament-state-open = open to join
tournament-state-round = round { $round } of { $rounds }
tournament-state-finished = finished
tournament-list-line = - { $title }: { $format }, { $players ->
        [one] { $players } player
       *[other] { $players } players
    }, { $state }
tournament-format-swiss = swiss
tournament-format-round-robin = round-robin
tournament-rated = rated
tournament-casual = casual
tournament-shape-swiss = Swiss, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
tournament-shape-double = double round-robin
tournament-shape-round-robin = round-robin
tournament-created = **{ $name }** (T{ $id }) is open: { $shape }, { $time }, { $rated }. Join with `/oware tournament join T{ $id }`; **{ $creator }** starts it with `/oware tournament start T{ $id }` once everyone is in.
tournament-joined = **{ $name }** joined { $title } as player { $entrant }. Players so far ({ $count }): { $players }.
tournament-already-in = You are in { $title } already, as player { $entrant }. `/oware tournament leave T{ $id }` takes you out.
tournament-left = **{ $name }** left { $title }.
tournament-withdrew = **{ $name }** withdrew from { $title }: not paired from round { $round } on. A game under way is still to be played (or resigned); opponents still to meet them score a bye.
tournament-started = { $title } has started with { $players ->
        [one] { $players } player
       *[other] { $players } players
    }. Round 1's games are announced below; `/oware tournament standings T{ $id }` shows the table at any time.
tournament-player = player { $entrant }
tournament-too-few-left = A round needs at least two players; end the tournament instead.
tournament-too-many = Swiss pairing takes at most 64 players, not { $players }.
tournament-no-pairing = Every possible pairing would repeat a game or give someone a second bye; end the tournament here.
tournament-ended-after = after round { $round }: { $why }
tournament-after-rounds = after { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
tournament-round-game = - game #{ $game }: **{ $south }** (South, moves first) vs **{ $north }**
tournament-round-bye = - **{ $name }** has a bye (1 point)
tournament-round = { $title }, round { $round } of { $rounds }: { $time }, { $rated }.
    { $games }
tournament-game-begins = { $title }, round { $round }: game #{ $game } begins ({ $time }). **{ $south }** plays South (A–F) and moves first; **{ $north }** plays North (a–f).
tournament-thread = Oware: { $south } vs { $north } ({ $name } R{ $round })
tournament-stage-open = not started yet
tournament-stage-final = final, { $after }
tournament-standing = { $rank }. **{ $name }**: { $points }
tournament-standing-withdrawn = { $rank }. **{ $name }** (withdrawn): { $points }
tournament-picture-title = { $name } (T{ $id }): { $stage }
tournament-column-player = Player
tournament-column-points = Pts
tournament-column-buchholz = Bh
tournament-column-sonneborn-berger = SB
tournament-column-seeds = Seeds
tournament-picture-alt = Standings of { $title }. { $standings }
tournament-picture-alt-player = { $rank }: { $name }, { $points }
tournament-points = { $half ->
        [1] { $points } point
        [2] { $points } point
       *[other] { $points } points
    }
tournament-standings = { $title }, { $stage }:
    { $standings }
tournament-winner-name = **{ $name }**
tournament-over = { $title } is over ({ $why }). { $count ->
        [one] Winner:
       *[other] Winners:
    } { $winners } with { $points }. Final standings:
    { $standings }

## Boards (src/render/): the alt text, and the words drawn on the pictures

side-south = South
side-north = North
# What joins the parts of an alt text ("…has 3 captured; South's pits…").
alt-join = {"; "}
alt-board = Oware board: { $south } (South) has { $south_score } and { $north } (North) has { $north_score } captured
alt-south-pits = South's pits A to F hold { $seeds }
alt-north-pits = North's pits a to f hold { $seeds }
alt-captured = {" "}and captured { $seeds } from { $pits }
alt-grand-slam = , a grand slam that captures nothing
alt-last-move = { $player } last played { $pit } sowing { $sown }{ $effect }
alt-better = pit { $pit } is ringed as the better move
alt-to-move = { $player } to move ({ $legal })
alt-game-over = the game is over
alt-seat-north = drawn from North's side, North's row at the bottom
alt-clock-running = , running
alt-clocks = clocks: { $south } { $south_clock }{ $south_running }, { $north } { $north_clock }{ $north_running }
result-resignation = { $winner } wins by resignation
result-time = { $winner } wins on time
result-adjudicated = { $winner } wins by an admin's decision
result-why-25 = reached 25
result-why-no-move = no move left
result-why-repetition = position repeated
result-why-agreement = ended by agreement
result-why-draw-agreed = draw agreed
result-why-resigned = { $player } resigned
result-why-time = { $player } ran out of time
result-aborted = Game aborted: no result
result-why-adjudicated = decided by an admin
result-win = { $winner } wins { $won }–{ $lost } ({ $why })
result-draw = Draw { $south }–{ $north } ({ $why })
result-draw-agreed = Draw by agreement
result-draw-adjudicated = Draw by an admin's decision
caption-captures = Move { $number }: { $pit } captures { $seeds } ({ $pits ->
        [one] { $pits } pit
       *[other] { $pits } pits
    })
caption-grand-slam = Move { $number }: { $pit }, a grand slam that captures nothing
caption-lap = Move { $number }: { $pit } sows { $sown } (a full lap)
caption-sows = Move { $number }: { $pit } sows { $sown }
caption-start = Start
caption-from = After move { $number }: { $shown ->
        [one] the last move follows
       *[other] the last { $shown } moves follow
    }
caption-after = After { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
board-to-move = to move
board-game-over = Game over
board-captured = captured
board-seat-south = South's view
board-seat-north = North's view
key-played = played
key-captured = captured
key-can-move = can move
key-better = better
table-more = … and { $more } more

## Charts (src/render/chart.rs, src/render/eval_graph/)

chart-rating-title = { $name }: rating
chart-game = game
chart-rating = rating
chart-no-games = no rated games yet
chart-band = ±2 RD (rating uncertainty)
graph-mistake = mistake
graph-blunder = blunder
graph-ply = move
graph-lead = South's expected lead (seeds)
graph-nothing = no evaluation to show
graph-south-ahead = South ahead
graph-north-ahead = North ahead
graph-alt-title = Evaluation graph
graph-alt-title-of = Evaluation graph of { $title }
graph-alt-nothing = : no evaluation to show.
graph-alt-over = {" "}over { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }: { $leads }
graph-alt-mark-of = { $side }'s { $mark }
graph-alt-move-by = a move by { $side }
graph-alt-swing = , the largest swing was at move { $ply } ({ $what }, { $seeds })
graph-alt-no-swing = , the evaluation never moved
graph-alt-level-from = level from move { $ply }
graph-alt-led-from = { $side } led from move { $ply }
graph-alt-level-throughout = level throughout
graph-alt-led-throughout = { $side } led throughout
graph-alt-level-first = level at first
graph-alt-led-first = { $side } led at first
graph-alt-then = , then { $next }
graph-alt-seesaw = the lead changed { $changes ->
        [one] once
       *[other] { $changes } times
    }, finally { $last }
graph-alt-seeds = { $seeds ->
        [1] { $seeds } seed
       *[other] { $seeds } seeds
    }
graph-alt-seeds-fraction = { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
graph-alt-a-mistake = a mistake at move { $ply }
graph-alt-a-blunder = a blunder at move { $ply }
graph-alt-mistakes = mistakes at moves { $plies } and { $last }
graph-alt-blunders = blunders at moves { $plies } and { $last }
graph-alt-no-marks = no mistakes or blunders marked

## Chat adapters (src/chat/)

matrix-who-is = I can't tell who `{ $mention }` is: mention them, e.g. `!oware play @bob:example.org`.
matrix-who-is-short = I can't tell who `{ $mention }` is.
matrix-thread-root = Oware game #{ $game }
matrix-no-dm = I couldn't open a direct message with you; check that you accept invites (from me), then try again.
matrix-sent-dm = I sent you that in a direct message (it is for your eyes only).
matrix-your-move = Your move: { $pits } (type `!move { $pit }`)
matrix-type-accept-or-decline = Type `!oware accept` or `!oware decline`.
matrix-type-accept = Type `!oware accept`.
matrix-type-decline = Type `!oware decline`.
matrix-type = Type { $commands }.
matrix-or = {" "}or{" "}
matrix-undecryptable = I could not decrypt a message here: its key never reached me. Please send your command again. If it keeps happening, let your client send keys to unverified sessions (mine is not verified), or start a new session (log out and in again) so that it shares fresh keys.
discord-no-thread = _(I could not open a thread for this game here: I need the **Create Public Threads** permission. The game is played in this channel instead.)_
console-intro = Oware console chat. Type lines as `<user>: <command>`, for example:
      alice: /oware play @bob
      bob: /oware accept
      alice: /move c
      carol: /oware advise d      (onlookers suggest a move)
      alice: /oware stats @bob    (also leaderboard, history, replay #1, link)
    `alice: /oware help` lists every command; end with Ctrl-D.
console-line-hint = [bot] Type `<user>: <command>`, e.g. `alice: /oware play @bob`. A name is one word of at most 32 letters, digits and `-_.`; `#room alice: …` speaks in another room.
console-choices = choices: { $choices }
console-file = { $kind }: { $path }
console-file-replay = replay
console-file-record = record
console-file-chart = rating chart
console-file-graph = evaluation graph
console-file-blunder = biggest blunder
console-file-puzzle = puzzle
console-file-board = board image
console-file-export = your data
language-name = English
crosstable-number = No
crosstable-round = R{ $round }
crosstable-bye = bye

## Refusals (src/service/error.rs)

error-busy = The database is busy right now, so nothing was changed. Please try again in a few seconds.
error-generic-failure = Sorry, something went wrong on my side and nothing was changed. Please try again in a moment.
error-no-game-here = There is no game here. Start one with `/oware play @someone`, or name a game with its id, e.g. `/oware board #12` (`/oware games` lists yours).
error-no-game-of-yours = You have no game here. Start one with `/oware play @someone` (`/oware games` lists yours).
error-no-such-game = There is no game #{ $game } here. `/oware games` lists your games and their ids.
error-no-such-move = Game #{ $game } has { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} so far: `move:` takes 0 (the start) to { $moves }, e.g. `/oware board #{ $game } move:{ $moves }`.
error-which-game = { $yours ->
        [yes] You have
       *[no] There are
    } several games here: { $list }. Say which, e.g. `{ $example } #{ $first }`.
error-not-a-player = You are not playing in game #{ $game } ({ $south } vs { $north }): only they can do that. Challenge someone with `/oware play @someone`.
error-not-your-turn = It is not your turn: { $name } ({ $side }) is to move in game #{ $game }. Wait for their move.
error-game-over = Game #{ $game } is over ({ $summary }). Start a new one with `/oware play @someone`.
error-stale-board = That board is out of date (it shows move { $shown }, the game is at move { $now }). Use the latest board's buttons, or type the move, e.g. `/move c`.
error-illegal = That move is not allowed: { $why }.
error-illegal-game-over = the game is over: no more moves can be played
error-illegal-not-your-row = { $pit } is { $owner }'s pit: { $side } sows from its own row ({ $legal })
error-illegal-empty-pit = pit { $pit } is empty: your legal pits are { $legal }
error-illegal-empty-pit-must-feed = pit { $pit } is empty: your legal pits are { $legal } (the other row is empty, and only these give it seeds)
error-illegal-must-feed = { $opponent }'s row is empty, so you must give them seeds, and { $pit } does not reach their row: sow from { $legal }
error-illegal-grand-slam = { $pit } would capture every seed on { $opponent }'s row (a grand slam), which this game's rules forbid: play { $legal } instead
error-raced = Game #{ $game } changed while your command was being applied, so nothing was done. Look at the board (`/oware board`) and try again.
error-challenge-self = You cannot challenge yourself. Challenge someone else with `/oware play @someone`.
error-challenge-bot = { $name } is a bot and cannot play Oware here. Challenge a person with `/oware play @someone`, or play me (the engine) by mentioning me instead.
error-engine-clock = Games against the engine have no clock (leave out `time:`); a game you leave for 7 days is aborted.
error-engine-rated = Games against the engine are never rated (a rating measures you against people). Leave out `rated:`, or challenge a person with `/oware play @someone rated:yes`.
error-level-engine-only = `level:` sets the strength of the engine, so it applies only to a game against it (mention the bot: `/oware play @oware-bot level:easy`). Leave it out to challenge a person.
error-rated-needs-clock = Rated games need a clock, so a player who stops playing loses on time: use e.g. `time:3d` or `time:5+3`, or make the game casual with `rated:no`.
error-too-late = Too late: { $name }'s time for a move in game #{ $game } has run out, so the game is lost on time. The result will appear here in a moment.
error-cannot-abort = Game #{ $game } is under way (both sides have moved), so it cannot be aborted. Resign with `/oware resign`, or propose ending it with `/oware end`.
error-duplicate-open-challenge = You already have an open challenge pending. Wait for someone to accept it, or withdraw it with `/oware cancel`.
error-duplicate-challenge = You already have a pending challenge to { $name }. Wait for their answer, or withdraw it with `/oware cancel`.
error-which-challenge = You have several pending challenges: { $list }. Say which, e.g. `/oware { $command } c{ $first }`.
error-challenge-closed = Challenge c{ $challenge } was { $status }. Ask for a new one with `/oware play @someone`.
error-already-asked = { $request ->
    [draw] You already offered { $name } a draw in game #{ $game }; they can accept with `/oware draw` or decline with `/oware draw decline`. To withdraw it, type `/oware draw decline` yourself.
    [takeback] You already asked { $name } to take back your move in game #{ $game }; they can accept with `/oware takeback` or decline with `/oware takeback decline`.
   *[end] You already proposed ending game #{ $game }; { $name } can agree with `/oware end`, or play on.
}
error-no-such-lesson = There is no lesson { $lesson }: the lessons are 1 to { $count }. `/oware learn` gives your next one.
error-vacation-length = A vacation is 1 to { $allowance } { $allowance ->
        [one] day
       *[other] days
    }, not { $days }: `/oware vacation 7d`.
error-vacation-days-left = You have { $left ->
        [one] { $left } vacation day
       *[other] { $left } vacation days
    } left of { $allowance } over the last 365 days, not { $asked }: try `/oware vacation { $left }d`, or come back to your games.
error-already-on-vacation = You are already on vacation, until { $until }. `/oware vacation off` ends it; then you can start another.
error-not-on-vacation = You are not on vacation. `/oware vacation 7d` pauses your correspondence clocks for a week.
error-takeback-rated = Takebacks are for casual games, and game #{ $game } counts (rated, or a tournament's). Play on, or offer a draw with `/oware draw`.
error-nothing-to-take-back = You have no move to take back in game #{ $game } yet.
error-nothing-to-decline = { $request ->
    [draw] No draw offer is pending in game #{ $game }. To offer one, type `/oware draw`.
    [takeback] No takeback is asked in game #{ $game }. To ask for one, type `/oware takeback`.
   *[end] No end is proposed in game #{ $game }.
}
error-game-not-over = Game #{ $game } is still being played: the engine analyses a game once it is over (a review during the game would coach one side). Try again after the last move.
error-nothing-to-analyse = Game #{ $game } was aborted or has no moves, so there is nothing to review. Analyse a game that was played to its end, e.g. your last one with `/oware analyse #12`.
error-reviews-queued-by-you = You have { $limit ->
        [one] { $limit } review
       *[other] { $limit } reviews
    } queued already, the most one person may. Wait until one is posted, then ask again with `/oware analyse #{ $game }`.
error-review-queue-full = { $limit ->
        [one] { $limit } review is
       *[other] { $limit } reviews are
    } queued already, the most the bot takes at once. Ask again with `/oware analyse #{ $game }` in a few minutes.
error-no-puzzle-open = You have no puzzle open. Ask for one with `/oware puzzle` (or today's with `/oware puzzle daily`).
error-puzzle-answered = You have answered puzzle #{ $puzzle } already. Ask for a new one with `/oware puzzle`.
error-no-such-puzzle = There is no puzzle #{ $puzzle }. Ask for one with `/oware puzzle`.
error-puzzle-not-given = Puzzle #{ $puzzle } was given to someone else: their answer is theirs to give. Ask for your own with `/oware puzzle` (or today's, which everyone here may answer, with `/oware puzzle daily`).
error-puzzle-move = { $pit } is not a legal move in puzzle #{ $puzzle }: answer with one of { $legal }, e.g. `/oware puzzle answer:{ $example }`.
error-advice = Your advice was not taken: { $why }.
error-never-played = { $who } not played a game yet, so there is nothing to show. Start one with `/oware play @someone`.
error-no-games-here = **{ $name }** has played no games in this room, and their games elsewhere are not shown here. `/oware stats @{ $name }` shows their record everywhere.
error-no-such-page = There is no page { $page }: the leaderboard has { $pages } { $pages ->
        [one] page
       *[other] pages
    }. Try `/oware leaderboard page:{ $pages }`.
error-link-unknown = `{ $code }` is not a valid link code. Check it, or get a new one with `/oware link` on your other account.
error-link-expired = That link code has expired. Get a new one with `/oware link` and use it within { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.
error-link-used = That link code has already been used. Get a new one with `/oware link`.
error-link-own-code = That code is yours: type `/oware link { $code }` from your account on another network (Discord, Matrix or the console) to link the two.
error-link-same-network = That code was made by another account on this network: only accounts on different networks can be linked. Use it from your account on another network.
error-already-linked = Your account and the code's account are already linked: they share one rating. Nothing to do.
error-not-admin = `{ $command }` is only for the bot's owners (`OWARE_OWNERS`) and the admins of this place: on Discord, members with **Manage Server** (or Administrator); on Matrix, power level 50 or more in the room; on the console, the user named in `OWARE_CONSOLE_ADMIN`. Ask one of them.
error-bad-setting = { $why } Type `/oware settings` to see them all.
error-settings-changed = Another admin changed the settings just now. Look at them with `/oware settings` and change them again if you still want to.
error-channel-not-allowed = Games start only in { $channels } on this server (a server setting). Challenge there, or ask an admin to change it with `/oware settings channels:…`.
error-reason-needed = Say why: `{ $usage }`. The reason goes in this server's audit log.
error-not-the-winner = { $name } is not playing in game #{ $game }: name its winner, { $south } or { $north }, e.g. `/oware admin adjudicate #{ $game } @{ $south } why`, or call it a draw with `/oware admin adjudicate #{ $game } draw why`.
error-banned = You may not challenge or accept games on this server { $until }{ $reason }: an admin banned you. Games under way go on; ask an admin if you think this is a mistake.
error-other-banned = { $name } cannot play on this server { $until }: they are banned here. Challenge someone else.
error-report-banned = You may not report games on this server { $until }{ $reason }: an admin banned you. If something needs the admins' attention, write to one of them directly.
error-not-banned = { $name } is not banned here. `/oware admin log` shows the bans and who made them.

## Tournament refusals (src/service/tournaments/error.rs)

error-no-such-tournament = There is no tournament T{ $id } on this server. `/oware tournament` lists the ones here.
error-no-tournament-here = There is no tournament to join or follow here. An admin creates one with `/oware tournament create My Cup format:swiss rounds:3`.
error-tournament-closed = Tournament T{ $id } has started, so it takes no more players. Ask its creator to make the next one.
error-tournament-not-in = You are not playing in tournament T{ $id }; nothing to leave.
error-tournament-over = Tournament T{ $id } is over; `/oware tournament standings T{ $id }` shows how it ended.
error-tournament-started = Tournament T{ $id } has started already. `/oware tournament standings T{ $id }` shows where it stands.
error-tournament-not-creator = Only the creator of tournament T{ $id } or a server admin can start it.
error-tournament-too-few = Tournament T{ $id } has { $players ->
        [one] { $players } player
       *[other] { $players } players
    }; it needs at least 2. Players join with `/oware tournament join T{ $id }`.
error-tournament-no-bots = Bots cannot play in tournaments; people only.
error-tournament-rounds-in-round-robin = A round-robin has as many rounds as it needs for everyone to meet; leave out `rounds:`, or use `format:swiss rounds:N`.
error-tournament-full = Tournament T{ $id } is a round-robin with { $limit ->
        [one] { $limit } player
       *[other] { $limit } players
    } already, the most one can have (everyone meets everyone, one round each). Ask its creator to start it and make another for the rest, or to create a Swiss (`format:swiss`).
error-tournament-swiss-full = Tournament T{ $id } has { $limit ->
        [one] { $limit } player
       *[other] { $limit } players
    } already, the most a Swiss takes. Ask its creator to start it, or to create another for the rest (`/oware tournament create My Cup format:swiss`).
error-tournament-game-cap = You play { $limit ->
        [one] { $limit } game
       *[other] { $limit } games
    } at once already, the most one player may, so you cannot join tournament T{ $id }: its games would come on top. Finish one first (`/oware games` lists them; `/oware resign` ends one), then join.
error-tournament-no-abort = Game #{ $game } is a tournament game: it cannot be aborted. Play it, resign it, or ask a server admin (`/oware admin abort`).

## Commands not understood (src/service/parse/)

parse-unknown-command = I don't know the command `{ $command }`. Type `/oware help` to see what I can do.
parse-missing-slash = Commands start with a slash: `{ $command }`.
parse-unknown-command-near = I don't know the command `{ $command }`. Did you mean `{ $near }`? Type `/oware help` to see what I can do.
parse-missing-pit = Which pit? Name one of your own pits by its letter, e.g. `{ $command } c`.
parse-pit-not-a-number = `{ $number }` is a number, but pits are letters: A to F for South, a to f for North (your own row), e.g. `{ $command } c`.
parse-not-a-pit = `{ $typed }` is not a pit: name one of your own pits by its letter, a to f (either case), e.g. `{ $command } c`.
parse-missing-pit-to-advise = Which pit? Suggest one of the pits of the side to move by its letter, e.g. `{ $command } c`.
parse-not-a-pit-to-advise = `{ $typed }` is not a pit: suggest one of the pits of the side to move by its letter, a to f, e.g. `{ $command } c`.
parse-missing-answer = Which pit? Answer with the letter of one of your pits, e.g. `/oware puzzle answer:c`.
parse-answer-not-a-pit = `{ $answer }` is not a pit: pits are letters, A to F for South and a to f for North, e.g. `/oware puzzle answer:c`.
parse-missing-challenge = Which challenge? Give its id, e.g. `/oware rematch c7`.
parse-missing-game = Which game? Give its id, e.g. `/oware replay #12`.
parse-unknown-option = Unknown option `{ $option }`. Options are first:me|them|random, rated:yes|no, variant:abapa|forbidden|capture-all, advice:on|off, level:easy|medium|hard, time:3d|5+3|none, reminders:on|off.
parse-bad-option = `{ $key }:{ $value }` is not valid: use { $key }:{ $expected }.
parse-bad-range = `{ $key }:{ $value }` is not valid: use { $key }:a number from { $min } to { $max }.
parse-challenge-not-game = `{ $id }` is a challenge; games are numbered like `#12` (`/oware games` lists yours).
parse-bad-id = `{ $id }` is not a game id: use a number, e.g. `#12`.
parse-too-long = That command is too long ({ $length ->
        [one] { $length } character
       *[other] { $length } characters
    }; at most { $max }). Type it again, shorter.
parse-usage = Type it like this: `{ $usage }`.
parse-unknown-admin = `/oware admin` has no `{ $word }`: it takes status, abort, adjudicate, ban, unban, bans, log, redeliver and help (`/oware admin help` explains them).
parse-bad-mention = `{ $mention }` is not a player: a console name is one word of at most 32 letters, digits and `-_.`, e.g. `@bob`.
parse-help-topic = There is no help on `{ $topic }`. Type `/oware help` for the commands, or `/oware help more`, `/oware help rules`, `/oware help admin` or `/oware help tournament`.
parse-unexpected-word = `{ $command }` does not take `{ $word }`. Type `/oware help` for examples.

## Time controls (src/service/clock.rs, src/service/when.rs)

clock-bad-time = `time:{ $value }` is not valid: { $why }. Use time:3d (a deadline for each move, from 15s to 30d, in s, m, h or d, e.g. 12h or 30m), time:5+3 (a live clock: 5 minutes each plus 3 seconds a move) or time:none (casual games only).
clock-why-minutes = the minutes must be a number
clock-why-increment = the increment must be seconds
clock-why-live-too-short = a live clock needs at least 1 minute
clock-why-live-too-long = a live clock is at most 180+60
clock-why-no-unit = give a unit: s, m, h or d
clock-why-not-a-number = it must start with a number
clock-why-bad-unit = the unit must be s, m, h or d
clock-why-one-unit = give one whole number and one unit: `time:{ $instead }`
clock-why-too-short = the shortest deadline is 15s
clock-why-too-long = the longest deadline is 30d
clock-none = no clock
clock-per-move = { $span } a move
clock-live = a live clock of { $base } each plus { $increment } s a move
when-days = { $n ->
        [one] { $n } day
       *[other] { $n } days
    }
when-hours = { $n } h
when-minutes = { $n } min
when-seconds = { $n } s
when-two-units = { $first } { $second }
when-in = in { $span }
when-ago = { $span } ago
when-date = { $year }-{ $month ->
        [1] 01
        [2] 02
        [3] 03
        [4] 04
        [5] 05
        [6] 06
        [7] 07
        [8] 08
        [9] 09
       *[other] { $month }
    }-{ $day ->
        [1] 01
        [2] 02
        [3] 03
        [4] 04
        [5] 05
        [6] 06
        [7] 07
        [8] 08
        [9] 09
       *[other] { $day }
    }
when-utc-time = { $date } { $hour }:{ $minute } UTC
when-utc-time-seconds = { $date } { $hour }:{ $minute }:{ $second } UTC
number-decimal-mark = .
# The last item of a list: "A, B and C" (all of them), "D or E" (one of them).
list-and = { $init } and { $last }
list-or = { $init } or { $last }

## Limits (src/service/limits.rs)

limits-pending-challenges = You already have { $count ->
        [one] { $count } pending challenge
       *[other] { $count } pending challenges
    }, the most at once. Wait for answers, or withdraw one with `/oware cancel`.
limits-active-games = That would make more than { $limit ->
        [one] { $limit } game
       *[other] { $limit } games
    } at once for one player. Finish one first (`/oware games` lists them; `/oware resign` ends one).
limits-engine-games-per-user = You already play { $count ->
        [one] { $count } game
       *[other] { $count } games
    } against me, the most at once. Finish one first (or `/oware resign` it).
limits-engine-games = I am playing as many games against people as I can right now. Try again later, or challenge a person with `/oware play @someone`.
limits-too-fast = You are sending commands faster than I take them. Wait { $seconds } s, then try again.

## Linking accounts (src/service/link.rs)

link-code = Your link code is `{ $code }`. Within { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }, type `/oware link { $code }` from your account on another network (Discord, Matrix or the console): both accounts will then share one rating. The code works once; keep it to yourself.
link-account = { $name } ({ $platform })
link-ask = **Link with { $other }?** Linking makes your two accounts one player: one rating (at each speed, the account with more rated games keeps its rating), one line on the leaderboard, one export (`/oware export` from either gives both accounts' data) and one forget-me (from either, it erases both). Link only with an account that is yours. Press **Link** or type `/oware link CODE confirm`; `/oware unlink` undoes it later.
link-button = Link
unlink-done = This account is no longer linked: it is a player of its own again, starting without a rating. { $others ->
    [one] The other account keeps
   *[other] The { $others } other accounts keep
} the ratings and their history; every game stays in each account's history.
unlink-not-linked = This account is not linked with another: nothing to unlink. (`/oware link` gives a code to link one.)
link-linked = Linked: { $mine } and { $other } are now one player, with one line on the global leaderboard. At each speed, the account with more rated games keeps its rating (on a tie, the code's): { $speeds }. Every game stays in the history.
link-speed = { $speed ->
        [live] live
       *[other] correspondence
    }: kept { $kept } ({ $kept_games } rated { $kept_games ->
        [one] game
       *[other] games
    }), dropped the rating of { $dropped } ({ $dropped_games } rated { $dropped_games ->
        [one] game
       *[other] games
    })
link-speed-none = { $speed ->
        [live] live
       *[other] correspondence
    }: no rated games yet

## The engine as an opponent (src/service/bot.rs)

bot-game-begins = Game #{ $game } against the engine ({ $level } level, { $variant }, casual) begins: **{ $name }** plays South (A–F) and moves first.
bot-busy = **{ $bot }** is busy with other games and will answer shortly; its move will appear here.
bot-thinking = **{ $bot }** is thinking; its move will appear here.

## Status (src/service/status.rs)

status-title = **Status** of this bot process (games, challenges, jobs and messages count every server and network):
status-title-server = **Status** of this server (its games, challenges and messages; the figures of the whole bot are for its owners, `OWARE_OWNERS`):
status-title-room = **Status** of this room (its games, challenges and messages; the figures of the whole bot are for its owners, `OWARE_OWNERS`):
status-database = Database
status-discord-shards = Discord shards
status-games = Games in progress
status-challenges = Challenges pending
status-jobs = Jobs pending
status-jobs-figure = { $jobs } ({ $due } due now)
status-unsent = Unsent, { $network }
status-dead = { $waiting } ({ $dead } undeliverable: /oware admin redeliver)
status-shards-not-running = not running
status-shards-all = all
status-shards-one = { $shard } of { $total }
status-shards-range = { $first }–{ $last } of { $total }
status-console = console

## Fixed texts (src/service/text.rs)

help = **Oware bot**: play Oware (abapa rules) right here.
    - New to Oware? `/oware learn`: five short lessons, one move each; `/oware help rules`: the rules.
    - `/oware play @oware-bot`: a game against the engine, at once (`level:easy|medium|hard`).
    - `/oware play @someone`: challenge someone (rated, 3 days a move; `time:5+3` for a live game); they answer with `/oware accept`.
    - `/move c`: sow from pit c of your own row. `/oware board`: the board; `/oware resign`: give up.
    - `/oware help play`: every option and command of a game. `/oware help more`: replays, analysis, puzzles, accounts and more.
help-play = **Playing a game**
    - `/oware play @someone`: challenge someone (nobody named: an open challenge, for anyone here). Options: `first:me|them|random` `rated:yes|no` `variant:abapa|forbidden|capture-all` `advice:on|off` `time:3d|12h|30m|5+3|none` `reminders:on|off`. By default you move first and play South (A–F), rated, 3 days a move.
    - Clocks: `time:3d` is a deadline per move (with reminders); `time:5+3` a live clock (5 min, +3 s a move); `time:none` casual only. Out of time loses.
    - `/oware play @oware-bot level:easy|medium|hard`: the engine, at once (never rated).
    - `/oware accept` / `/oware decline`: answer a challenge (or press its buttons); `/oware cancel` withdraws yours.
    - `/move c` (or `move c`): sow from pit c of your own row; add `#12` to name a game.
    - `/oware board [move:20]`: the board, or after move 20 (`settings me board:my-side`: yours); `/oware games`: yours; `/oware live`: all here, to watch.
    - `/oware resign`; `/oware draw [decline]`: offer, accept or decline a draw; `/oware takeback [decline]`: the same for taking back your last move (casual games); `/oware end`: end a cycle, each taking their own row (the other confirms). `/oware abort`: call a game off before both sides have moved.
    - `/oware rematch`: after a game, play again, sides swapped; `/oware rematch c7`: renew an expired challenge.
    - `/oware advise d`: watching? Suggest a pit for the side to move (tallied); `advice:on` is casual games' default.
    - `/oware leaderboard [global] [live] [page:2]`: ratings here or everywhere.
    - `/oware stats [@someone] [live] [history]`: ratings, record, head-to-head, chart; with `history`, the last 10 games.
    - `/oware tournament`: tournaments. `/oware help rules`. `/oware report #12 why`: tell the admins. Admins: `/oware settings` (all see), `/oware admin` (`status`, moderation).
help-more = **More commands**
    - `/oware replay #12`: a game as GIF and record.
    - `/oware analyse #12`: the engine's review of a finished game; `/oware leaderboard advisers [global]`: whose advice was best; `/oware puzzle [daily]`, then `/oware puzzle answer:c`.
    - `/oware link`: a code; `/oware link CODE` on another network asks, then links (one rating, one export, one forget-me); `/oware unlink` undoes it.
    - `/oware web`: a one-time link, for you alone, that signs you in to the web pages to move from your games' pages; `/oware web logout-all`: sign out everywhere (Discord: under `/oware settings`).
    - `/oware vacation 7d` (Discord: `/oware settings vacation`): your correspondence clocks wait, 30 days a year; `vacation off`: back early. `/oware settings me notify:dm`: a direct message when it is your move.
    - `/oware privacy`: what the bot keeps about you; `/oware export`: all of it, privately; `/oware forget-me`: erase it (Discord: both under `/oware settings`).
    - Rated games of 10+ moves change ratings (Glicko-2; `?`: provisional). Live games (under a day a move) and correspondence games are rated apart: `speed:live|correspondence` on `leaderboard` (default correspondence) and `stats` (default both).
    - `/oware settings me language:fr`: your language; `/oware settings language:fr`: this place's (admins).
rules = **Oware (abapa)**: two rows of six pits, four seeds in each. South owns A–F (bottom), North a–f (top); you always name a pit of your own row.
    - **Sowing**: take every seed from one of your pits and drop one in each following pit, counter-clockwise (F→a, f→A); a pit with 12+ seeds skips itself.
    - **Capture**: if the last seed lands in an opponent pit that now holds 2 or 3, take them, and keep taking the pits just before it while they hold 2 or 3 and are the opponent's.
    - **Grand slam**: a move that would capture the opponent's whole row captures nothing (variants: `forbidden` forbids it, `capture-all` takes everything).
    - **Feeding**: if your opponent has no seeds, you must play a move that gives them some; if you cannot, you take the seeds on your row and the game ends.
    - **Moves**: a move is one player's turn, numbered 1, 2, 3… across both players (a game record numbers pairs: its `n.` is moves 2n−1 and 2n).
    - **End**: 25 seeds wins; 24–24 is a draw. **Repetition**: a move that captures nothing and brings back a position seen since the last capture ends the game at once, the first time, each player taking their own row (the bot warns beside such a move). Players may also end a cycle that way by agreement (`/oware end`).
admin = **Moderation** (server admins; each action is kept in the audit log):
    - `/oware admin status`: the bot's health (shards, games in progress, queues).
    - `/oware admin abort #12 why`: call a game of this server off (unrated, no result).
    - `/oware admin adjudicate #12 @winner why`: decide a game (rated like any result); `draw` instead of `@winner` makes it a draw.
    - `/oware admin ban @someone [days|forever] why`: stop them playing games here (challenging, accepting or being challenged), for `days` days or `forever` (until unbanned); a ban again without days keeps its end. The reason is required.
    - `/oware admin unban @someone`: lift a ban. `/oware admin bans`: the bans in force.
    - `/oware admin log`: the last 20 actions and reports.
    - `/oware admin redeliver`: send again this server's messages that could not be delivered (`/oware admin status` counts them).
    - `/oware admin forget @someone why`: erase a player of this server from the bot, as `/oware forget-me` does (logged without their name).
    Anyone can report a game to the admins with `/oware report #12 why`.
tournament = **Tournaments**:
    - `/oware tournament create My Cup format:round-robin|swiss rounds:3 time:3d rated:yes`: a new one (server admins, or anyone if `/oware settings tournaments:anyone`); `double:yes` makes a round-robin meet twice, colours swapped.
    - `/oware tournament join [T2]` / `leave`: enter, or withdraw (from the next round on).
    - `/oware tournament start [T2]`: the creator or an admin starts it; each round's games start by themselves, announced here, and the next round when the last ends.
    - `/oware tournament standings [T2]`: the table, tie-breaks Buchholz (Bh), Sonneborn-Berger (SB) and seeds captured; a loss on time counts as a loss.

## Showing a game (src/service/view.rs)

view-clock-left = { $span } left
view-clock-away = on vacation
view-clock = { $name } { $clock }
view-clock-running = { $name } { $clock } (running)
view-clocks = Clocks: { $south } – { $north }.
view-time-to-move = { $name } has { $span } to move (until { $until }).
view-time-to-move-away = { $name } is on vacation until { $back }: their clock waits until then, and their time runs out on { $until }.
view-moves-played = { $ply ->
        [one] { $ply } move
       *[other] { $ply } moves
    } played
view-moves-played-next = { $ply ->
        [one] { $ply } move
       *[other] { $ply } moves
    } played, move { $next } next
view-game-label = #{ $id } { $south } vs { $north }
view-repeats = **{ $pit }** would repeat an earlier position, which ends the game at once with each player taking their own row: { $result }.
view-button-repeats = { $pit } ({ $seeds }): ends, repeats
view-row-south = South, pits A–F
view-row-north = North, pits a–f
view-reason-winning-score = 25 seeds reached
view-reason-no-legal-move = no move could feed the empty row; each took their own seeds
view-reason-repetition = the position repeated; each took their own seeds
view-reason-agreement = ended by agreement; each took their own seeds
view-reason-draw-agreed = a draw agreed by the players
view-reason-resignation = resignation
view-reason-timeout = on time
view-reason-aborted = aborted
view-reason-adjudicated = decided by an admin
view-result-aborted = Game over: aborted, no result (it is not rated).
view-by-resignation = by resignation
view-by-timeout = on time
view-by-admin = by an admin's decision
view-by-agreement = by agreement
view-result-won-by = Game over: **{ $name }** wins { $by }.
view-result-drawn-by = Game over: a draw { $by }.
view-result-head-win = **{ $name }** wins { $won }–{ $lost }
view-result-head-draw = Draw { $south }–{ $north }
view-result = Game over: { $head } ({ $score }; { $reason }).
view-summary-aborted = aborted
view-summary-won = { $name } won { $won }–{ $lost }
view-summary-won-by = { $name } won { $by }
view-summary-drawn-by = drawn { $by }
view-summary-drawn = drawn { $south }–{ $north }
view-summary-playing = still being played
view-button-rematch = Rematch
view-button-analyse = Analyse
view-to-move = Score: { $score }. **{ $name }** to move ({ $hint }).
view-move = **{ $name }** played **{ $pit }** (sowed { $sown }).
view-move-lap = **{ $name }** played **{ $pit }** (sowed { $sown }, all the way round).
view-captured = Captured { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    } from { $pits }.
view-grand-slam = A grand slam: under this game's rules it captures nothing.
game-side-south = South
game-side-north = North
game-rated = rated
game-casual = casual
engine-level = { $level ->
    [easy] easy
    [hard] hard
   *[medium] medium
}

## Standings (src/service/standings.rs)

standings-puzzles = Puzzles: rating { $rating } (deviation { $deviation }), { $solved } solved of { $attempts }.
standings-scope-global = every server and network
standings-scope-server = this server
standings-scope-here = here
standings-empty = Nobody has finished a rated { $speed ->
        [live] live
       *[other] correspondence
    } game { $scope ->
        [global] on any server or network
        [server] on this server
       *[here] here
    } yet. Be the first: { $speed ->
        [live] `/oware play @someone time:5+3` (5 minutes each, plus 3 seconds a move)
       *[other] `/oware play @someone` (3 days a move)
    }.
standings-leaderboard = **Leaderboard** ({ $scope }, { $speed ->
        [live] live
       *[other] correspondence
    } ratings), page { $page } of { $pages }:
standings-leaderboard-line = { $rank }. **{ $name }** { $rating } ({ $wins } won, { $draws } drawn, { $losses } lost)
standings-provisional = `?` marks a provisional rating.
standings-next-page = Next page: `/oware leaderboard { $options }page:{ $page }`.
standings-other-speed = { $speed ->
        [live] Live games: `/oware leaderboard speed:live`.
       *[other] Correspondence games: `/oware leaderboard speed:correspondence`.
    }
standings-you-have = You have
standings-name-has = { $name } has
standings-no-games = **{ $name }**: no games yet.
    { $puzzles }
standings-stats = **{ $name }**, { $speed ->
        [live] live
       *[other] correspondence
    }: rating { $rating } (deviation { $deviation }). { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    }: { $wins } won, { $draws } drawn, { $losses } lost; { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    } captured; best winning streak { $best } (current { $streak }).
standings-stats-new = **{ $name }**, { $speed ->
        [live] live
       *[other] correspondence
    }: rating { $rating } (no rated games yet).
standings-h2h-none = No finished games against you yet.
standings-h2h = Against you ({ $asker }): { $name } won { $wins }, drew { $draws }, lost { $losses }.
standings-chart = Rating chart of { $name } ({ $speed ->
        [live] live
       *[other] correspondence
    }) over { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    }, now { $rating }.
standings-chart-empty = Rating chart of { $name } ({ $speed ->
        [live] live
       *[other] correspondence
    }): no rated games yet.
standings-chart-title = { $name } ({ $speed ->
        [live] live
       *[other] correspondence
    })
standings-history = **{ $name }**'s recent games, newest first:
standings-in-progress = in progress, { $ply ->
        [one] { $ply } move
       *[other] { $ply } moves
    } played
standings-aborted = aborted
standings-drew = drew { $mine }–{ $theirs }
standings-won = won { $mine }–{ $theirs }
standings-lost = lost { $mine }–{ $theirs }
standings-drew-by = drew { $by }
standings-won-by = won { $by }
standings-lost-by = lost { $by }
standings-by-agreement = by agreement
standings-history-line = - #{ $game } vs **{ $opponent }** ({ $side }, { $rated }, { $date }): { $result }
standings-history-line-reason = - #{ $game } vs **{ $opponent }** ({ $side }, { $rated }, { $date }): { $result }, { $reason }
standings-replay-hint = Watch one again with `/oware replay #id`.

## Moderation (src/service/moderation.rs)

moderation-adjudicate-usage = /oware admin adjudicate #12 @winner why (or `draw` for a draw)
moderation-until-lifted = until an admin lifts the ban
moderation-until = until { $time }
moderation-ban-usage = /oware admin ban @someone [days|forever] why
moderation-until-unbanned = until unbanned (`/oware admin unban`)
moderation-abort-why = an admin (**{ $admin }**) called it off: { $why }
moderation-aborted = Game #{ $game } is aborted (unrated, no result); its players are told why in its thread.
moderation-verdict-win = **{ $name }** wins
moderation-verdict-draw = it is a draw
moderation-decided-headline = Game #{ $game } is decided by an admin (**{ $admin }**): { $verdict }. Why: { $why }
moderation-decided = Game #{ $game } is decided: { $verdict }. Its players are told in its thread.
moderation-banned = **{ $name }** may not challenge or accept games on this server { $until }. Games under way go on.
moderation-unbanned = **{ $name }** may start games on this server again.
moderation-redeliver-none = No message of this server is undeliverable: nothing to send again. Messages still being retried go out by themselves.
moderation-redelivered = { $count ->
    [one] One undeliverable message of this server is queued again
   *[other] { $count } undeliverable messages of this server are queued again
 }: each is retried for another 24 hours, from now.
moderation-redelivered-audit = { $count ->
    [one] one message queued again
   *[other] { $count } messages queued again
 }
moderation-log-empty = The audit log of this server is empty: no admin action or report yet.
moderation-log = **Audit log** of this server, { $entries ->
        [one] the last entry
       *[other] the last { $entries } entries, newest first
    } (times UTC):
moderation-report-notice = **Report** of game #{ $game } ({ $south } vs { $north }) by { $author }: { $why }
moderation-reported = Thank you: your report of game #{ $game } is recorded for this server's admins.
moderation-reported-unchecked = Thank you: your report of game #{ $game } is recorded for this server's admins (`/oware admin log`). It was not posted in their channel: that channel was not set from inside it, here. An admin sets it again with `/oware settings moderators:here` in that channel.
moderation-reported-posted = Thank you: your report of game #{ $game } is recorded for this server's admins and posted in their channel.
moderation-log-when = When
moderation-log-who = Who
moderation-log-what = What
moderation-log-target = Game/user
moderation-log-reason = Reason
# What an audit log row records (the action's code, as stored).
audit-action = { $action ->
    [abort] aborted
    [adjudicate] judged
    [ban] banned
    [forget] forgotten
    [redeliver] redelivered
    [report] reported
    [unban] unbanned
   *[other] { $action }
}
moderation-bans-none = No one is banned on this server. `/oware admin ban @someone why` bans someone.
moderation-bans = { $bans ->
    [one] **Banned** on this server: 1 ban in force (times UTC). `/oware admin unban @someone` lifts one.
   *[other] **Banned** on this server: { $bans } bans in force, newest first (times UTC). `/oware admin unban @someone` lifts one.
}
moderation-bans-who = Who
moderation-bans-until = Until
moderation-bans-since = Since
moderation-bans-by = By
moderation-bans-forever = unbanned

## Puzzles (src/service/puzzles.rs)

puzzle-task-seeds = find the move that wins { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    } more than any other
puzzle-task-win = find the move that wins
puzzle-none-yet = There are no puzzles yet: they are made from the endgame tables, which the bot builds in the background on its first start (a few minutes), and from the blunders of analysed games. Try again in a few minutes.
puzzle-all-had = You have had every puzzle there is for now. New ones come from analysed games (`/oware analyse`): try again later.
puzzle-daily = **Puzzle of the day** ({ $date }): { $puzzle }
puzzle-answered-already = You have answered this one already.
puzzle-daily-posted = Today's puzzle was posted here earlier; here it is again, just for you.
puzzle-solvers = Solved so far here: { $solvers }.
puzzle-solvers-nobody = nobody yet
puzzle-shown = **Puzzle #{ $puzzle }** (rating { $rating }): **{ $side }** to move ({ $pits }); captured so far: South { $south }, North { $north }. { $task }. Answer with `/oware puzzle answer:<pit>` or a button.
puzzle-pits-south = pits A–F
puzzle-pits-north = pits a–f
puzzle-caption = Puzzle #{ $puzzle }: { $task }
puzzle-right = **Right**, { $name }: **{ $pit }** is the move.
puzzle-wrong = **Not this time**, { $name }: { $pit } is not it. The move was **{ $solution }**.
puzzle-try-again = **Not quite**, { $name }: { $pit } is not the move in puzzle #{ $puzzle }. Look again and try once more (`/oware puzzle answer:<pit>` or a button); `/oware puzzle` gives up and counts it as not solved.
puzzle-right-second = **Right on the second try**, { $name }: **{ $pit }** is the move. It counts as not solved for your puzzle rating.
puzzle-solved-daily = **{ $name }** solved today's puzzle.
puzzle-solved = **{ $name }** solved puzzle #{ $puzzle }.
puzzle-skipped = Puzzle #{ $puzzle } was still open, so it counts as not solved (the move was **{ $solution }**): your puzzle rating { $before } → { $after }.
puzzle-result = { $verdict } Puzzle #{ $puzzle } ({ $task }): the line is { $line }.
    Your puzzle rating: { $before } → { $after } ({ $change }). Another: `/oware puzzle`.

## Jobs (src/service/jobs.rs)

jobs-no-first-move = **{ $name }** did not make a first move within { $span }
jobs-timeout = **{ $name }** ran out of time in game #{ $game }: **{ $winner }** wins on time.
jobs-idle = nobody moved in a game against the engine for { $span }
jobs-aborted = Game #{ $game } is aborted: { $why }. It counts for nobody.
downtime-cause-bot = The bot was away
downtime-cause-network = { $network } could not be reached
downtime-extended = { $cause } for { $away }, so the clocks stopped: **{ $name }**, it is still your move in game { $game }, with your time extended by as much, until { $until }.
jobs-reminder = Reminder: **{ $name }**, it is your move in game { $game }. Time left: { $span } (until { $until }); after that the game is lost on time.
jobs-expired = Challenge c{ $challenge } from **{ $challenger }** to **{ $opponent }** expired: nobody answered within { $span }. { $challenger } can make it again with `/oware rematch c{ $challenge }`.
jobs-button-challenge-again = Challenge again

## Analysis (src/service/analysis.rs and src/service/analysis/)

analysis-started = Analysing game { $game }… The engine looks at every position ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }); the review will appear here.
analysis-under-way = Game #{ $game } is being analysed already: its review will be posted where it was first asked for. Once it is, `/oware analyse #{ $game }` shows it at once.
analysis-advice-verdict = { $verdict }
    The engine's full review: `/oware analyse #{ $game }`.
judge-verdict = **Advice judged** ({ $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    } had advice): onlookers' top picks would have lost { $top ->
        [one] { $top } seed
       *[other] { $top } seeds
    } in all, the players { $played }.
judge-verdict-best = **Advice judged** ({ $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    } had advice): onlookers' top picks would have lost { $top ->
        [one] { $top } seed
       *[other] { $top } seeds
    } in all, the players { $played }; best adviser: { $name }, whose picks lost { $average ->
        [one] { $average } seed
       *[other] { $average } seeds
    } each on average over { $picks ->
        [one] { $picks } pick
       *[other] { $picks } picks
    } (the measure `/oware leaderboard advisers` ranks by).
judge-scope-everywhere = everywhere
judge-scope-here = here
judge-none = No adviser has { $min ->
        [one] { $min } judged pick
       *[other] { $min } judged picks
    } { $scope } yet. Advise in games others play (`/oware advise d`): when a game with advice ends, the engine judges every pick.
judge-leaderboard = **Best advisers { $scope }** (average seeds lost per pick against the engine's best move; at least { $min ->
        [one] { $min } judged pick
       *[other] { $min } judged picks
    }):
judge-leaderboard-line = { $rank }. { $name } — { $average ->
        [one] { $average } seed
       *[other] { $average } seeds
    } a pick, { $close } of { $picks } within a seed of best
report-class-inaccuracy = an inaccuracy
report-class-mistake = a mistake
report-class-blunder = a blunder
report-title = **Review of game { $game }** ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, engine's view).
    Accuracy: { $south } { $south_accuracy }%, { $north } { $north_accuracy }%.
report-turning-point-best = Turning point: move { $move_number }, **{ $name }** played { $pit }, and from there the result never changed.
report-turning-point-close = Turning point: move { $move_number }, **{ $name }** played { $pit }, only { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    } worse than { $best }, and from there the result never changed.
report-turning-point = Turning point: move { $move_number }, **{ $name }** played { $pit }{ $mark } ({ $class }, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    } lost; better was { $best }), and from there the result never changed.
report-no-turning-point = No turning point: the result was in sight from the start.
report-no-mistakes = No mistakes or blunders (no move lost 3 seeds or more).
report-mistakes = Mistakes and blunders (seeds lost; the engine's line):
report-mistake-line = { $move_number }. { $name } { $pit }{ $mark } −{ $seeds }: better { $best } ({ $line })
report-column-best = best
report-column-good = good
report-column-inaccuracy = inacc
report-column-mistake = mista
report-column-blunder = blund
report-column-accuracy = acc.
report-column-south = S
report-column-north = N
report-graph-title = Game #{ $game } · { $south } (South) vs { $north } (North)
report-blunder-caption = Move { $move_number }: { $name } played { $pit }?? (−{ $seeds }); better { $best }
report-blunder-description = The biggest blunder of game #{ $game }: { $caption }

## Challenges (src/service/challenges.rs and src/service/challenges/find.rs)

challenge-first = { $name } moves first
challenge-first-random = a coin toss decides who moves first
challenge-no-reminders = { $time }, no reminders
challenge-advice-on = on
challenge-advice-off = off
challenge-made = { $open ->
    [yes] **{ $challenger }** makes an open challenge: anyone here may play (challenge c{ $challenge }: { $variant }, { $rated }, { $time }, advice { $advice }; { $first }). Accept it with `/oware accept` (or the button) within { $span }.
   *[no] **{ $challenger }** challenges **{ $opponent }** to Oware (challenge c{ $challenge }: { $variant }, { $rated }, { $time }, advice { $advice }; { $first }). { $opponent }: accept with `/oware accept` or decline with `/oware decline` within { $span }.
}
challenge-anyone = anyone here

## The beginner's lessons (src/service/learn.rs, src/play/lessons.rs)

lesson-shown = **Lesson { $number } of { $count }.** { $teach }
    { "**" }Your task:** { $task } You play South, the bottom row `A`–`F`: press a pit, or type `/oware learn { $lesson } c` with its letter.
lesson-teach = { $topic ->
    [sowing] **Sowing.** A move takes every seed from one of your pits and drops them one by one into the following pits, counter-clockwise: along your row from `A` to `F`, then along North's from `a` to `f`.
    [capture] **Capture.** If your last seed lands in one of North's pits and makes it hold 2 or 3 seeds, you take them.
    [multiple] **Multiple capture.** After a capture, look at the pit just before it: if it is North's and now holds 2 or 3, you take it too, and so on backwards along North's row.
    [feeding] **Feeding.** When your opponent has no seeds at all, you must give them some if you can: a move that leaves them empty is not allowed.
   *[grand-slam] **Grand slam.** A move that would capture every seed on North's row captures nothing at all, under the abapa rules: North must be left something to play.
}
lesson-task = { $topic ->
    [sowing] Find the pit whose last seed lands in North's pit `c`.
    [capture] Find the move that captures.
    [multiple] Find the move that captures from more than one pit.
    [feeding] North's row is empty: find the move that feeds it.
   *[grand-slam] Two moves reach North's row: find the one whose capture counts.
}
lesson-wrong = { $topic ->
    [sowing] Not quite: { $pit }'s last seed lands in `{ $last }`.
    [capture] Not quite: { $pit } ends in `{ $last }` and captures nothing.
    [multiple] Not quite: { $pit } captures { $captured ->
        [0] nothing
        [one] from one pit only
       *[other] from one pit only
    }.
    [feeding] Not quite: { $pit } leaves North with nothing.
   *[grand-slam] Not quite: { $pit } would take all of North's seeds, so it captures nothing (a grand slam).
}
lesson-right = { $topic ->
    [sowing] Right: { $pit } sows its seeds one by one and its last lands in `c`.
    [capture] Right: { $pit } makes North's pit hold 2 or 3, and you take { $captured ->
        [one] { $captured } seed
       *[other] { $captured } seeds
    }.
    [multiple] Right: { $pit } captures { $captured ->
        [one] { $captured } seed
       *[other] { $captured } seeds
    } from several pits in one move.
    [feeding] Right: { $pit } gives North seeds, as the rules require.
   *[grand-slam] Right: { $pit } captures { $captured ->
        [one] { $captured } seed
       *[other] { $captured } seeds
    } and leaves North something, so the capture counts.
}
lesson-again = Try again: `/oware learn { $lesson }`.
lesson-next = Next: `/oware learn { $lesson }`.
lesson-finished = That was your last lesson: you now know { $count ->
        [one] the { $count } basic rule
       *[other] the { $count } basic rules
    }. Play the engine with `/oware play @oware-bot level:easy`, or anyone here with `/oware play`.
lesson-all-done = You have done { $count ->
        [one] the { $count } lesson
       *[other] all { $count } lessons
    }. `/oware learn 3` repeats one; `/oware play @oware-bot level:easy` is a gentle first game.

## "Your turn" direct messages (src/service/notify.rs)

notify-your-turn = Your move in { $game }: **{ $opponent }** played { $pit }. Play before { $until }, in { $link }. (`/oware settings me notify:off` stops these messages.)

## Your data (src/service/export.rs)

privacy = **What the bot keeps about you, and why**
    - Your ids and display names on each network, and the accounts you linked: to know who plays and to show your name.
    - Your games and moves, your ratings and their history, your tournament entries: to play them, and for records, replays, leaderboards and standings.
    - The advice you gave and how good it was, your puzzle attempts and puzzle rating, the lessons you solved, your settings and vacations.
    - Reports about you and moderators' actions (bans), in a server's audit log, for its admins.
    - A link code while it is valid ({ $link } min).
    - Your web sign-in links (10 min) and sessions (30 days, or until you sign out or type `/oware web logout-all`), each kept only as a hash.
    - The messages the bot sent and the chat events it handled, for { $retention ->
        [one] { $retention } day
       *[other] { $retention } days
    }: to deliver them, and to act on each command once.
    - **How long:** games, ratings and the rest are kept while the bot runs, so records and leaderboards stay whole.
    - **Get it:** `/oware export` (Discord: `/oware settings export`) sends you all of it, privately.
    - **Delete it:** `/oware forget-me` (Discord: `/oware settings forget-me`) erases you: your games stay, as played by a "deleted player".

export-nothing = The bot stores nothing about you yet: you have never played, advised, solved a puzzle or changed a setting here.
export-ready = Here is everything the bot stores about you and your linked accounts: one JSON file, table by table, and your { $games ->
    [one] game
   *[other] { $games } games
} as game records. Only you see this.
export-json = Everything the bot stores about you, as JSON
export-records = { $games ->
    [one] Your game
   *[other] Your { $games } games
} as game records

## Forgetting someone (src/service/forget.rs)

forget-me-ask = **Forget you?** This erases, on every network you linked: your names and ids, your ratings and their history, the advice you gave, your puzzle attempts, lessons, settings, vacations and link codes. Your games stay, as played by a "deleted player", so your opponents keep theirs and their ratings. It cannot be undone: if you play again, you start fresh.
    To go ahead, press **Forget me**, or type `/oware forget-me confirm` (Discord: `/oware settings forget-me confirm:True`).
forget-me-button = Forget me
forget-me-done = Done: the bot has forgotten you ({ $accounts ->
    [one] one account
   *[other] { $accounts } linked accounts
}). { $games ->
    [0] You had no games.
    [one] Your game stays, as played by a "deleted player".
   *[other] Your { $games } games stay, as played by a "deleted player".
} If you play again, you start fresh.
forget-me-unknown = The bot stores nothing about you: there is nothing to forget.
forget-me-playing = You are playing { $games }: finish or resign first (`/oware resign #{ $first }`), so that nobody is left waiting on a deleted player. Then `/oware forget-me` again.
forget-me-tournaments = You are entered in { $names }, which is not over: leave it first (`/oware tournament leave`), then `/oware forget-me` again.
forget-me-banned = A ban on you is in force { $until }: it keeps your id until it ends, so that forgetting is no way around it. Ask again when it has ended, or ask that server's admins.
admin-forget-usage = /oware admin forget @someone why
admin-forgotten = **{ $name }** is forgotten: their names, ids, ratings and the rest are erased. { $games ->
    [0] They had no games.
    [one] Their game stays, as played by a "deleted player".
   *[other] Their { $games } games stay, as played by a "deleted player".
} The audit log keeps the fact, not their name.
admin-forgotten-here = **{ $name }**'s records on this server are erased: { $games ->
    [one] their game here stays, as played by a "deleted player";
   *[other] their { $games } games here stay, as played by a "deleted player";
} their advice, challenges, bans and audit mentions here are gone. Their account, ratings and everything elsewhere stay: only they (`/oware forget-me`) or the bot's owners can erase those. They are told by direct message.
admin-forget-told = An admin of `{ $place }` erased your records there: your games there now show a "deleted player", and your advice, challenges and bans there are gone. Your account, ratings and games elsewhere stay. To erase everything, use `/oware forget-me`.
admin-forget-playing = **{ $name }** is playing { $games }: end those games first (`/oware admin abort #12 why`, or let them finish), then forget them.
admin-forget-tournaments = **{ $name }** is entered in { $names }, which is not over: they leave it (`/oware tournament leave`) or it ends first.
admin-forget-banned = **{ $name }** is banned { $until }: a ban keeps their id until it ends. `/oware admin unban @{ $name }` first, if you want them forgotten now.
admin-forget-not-here = **{ $name }** never played a game here: an admin erases only what this place holds, of people who played here (a challenge is not enough). They can erase themselves everywhere with `/oware forget-me`.
admin-forget-unknown = The bot stores nothing about **{ $name }**: there is nothing to forget.

## Vacations (src/service/vacation.rs)

vacation-status-here = You are not on vacation. You have { $left ->
        [one] { $left } vacation day
       *[other] { $left } vacation days
    } left of { $allowance } (counted over the last 365 days). `/oware vacation 7d` pauses the clocks of your correspondence games for a week; live clocks never wait.
vacation-status-away = You are on vacation until { $until }: your correspondence clocks wait until then. `/oware vacation off` ends it early and gives back the days not taken. After it, you will have { $left ->
        [one] { $left } day
       *[other] { $left } days
    } left of { $allowance }.
vacation-started = You are on vacation until { $until }. { $games ->
    [0] You have no correspondence game now; any turn of yours that begins before then waits for your return.
    [one] Your clock in your correspondence game waits, and your opponent is told.
   *[other] Your clocks in your { $games } correspondence games wait, and your opponents are told.
} { $left } vacation { $left ->
    [one] day is
   *[other] days are
} left. `/oware vacation off` when you are back early.
vacation-ended = Welcome back: your vacation is over and { $back ->
    [0] no whole day was
    [one] 1 day was
   *[other] { $back } days were
} given back ({ $left ->
    [one] { $left } day
   *[other] { $left } days
} left). { $games ->
    [0] You have no correspondence game now.
    [one] Your clock in your correspondence game runs again, your opponent is told.
   *[other] Your clocks in your { $games } correspondence games run again, your opponents are told.
}
vacation-started-game = **{ $name }** is on vacation until { $until }: in game { $game }, their clock waits until then (a turn of theirs starts at their return).
vacation-ended-game = **{ $name }** is back from vacation early: in game { $game }, their clock runs again.

## The board's legend, shown once to each person (src/service/legend.rs)

legend = **Reading the board:** each number is the seeds in a pit; North's row `f e d c b a` is on top, South's `A B C D E F` below, and seeds are sown counter-clockwise (A→F, then a→f); the number after a side's name is the seeds it has captured. You always name a pit of your own row.
challenge-ratings = { $speed ->
        [live] Live
       *[other] Correspondence
    } ratings: { $ratings }.
challenge-rating = { $name } { $rating }
challenge-button-accept = Accept
challenge-button-decline = Decline
challenge-closed-meanwhile = answered or withdrawn meanwhile
challenge-accepted = **{ $opponent }** accepted **{ $challenger }**'s challenge: game #{ $game } begins ({ $variant }, { $rated }, { $time }). **{ $south }** plays South (A–F) and moves first; **{ $north }** plays North (a–f).
challenge-thread = Oware: { $challenger } vs { $opponent }
challenge-declined = **{ $opponent }** declined **{ $challenger }**'s challenge c{ $challenge }.
challenge-withdrawn = **{ $challenger }** withdrew challenge c{ $challenge } to **{ $opponent }**.
challenge-status-cancelled = withdrawn by the challenger
challenge-status-declined = declined
challenge-status-expired = not answered in time, so it expired
challenge-status-accepted = accepted already
challenge-status-pending = still waiting for an answer
challenge-start-yourself = Start a game yourself with `/oware play @someone`.
challenge-last-expired = Challenge c{ $challenge } from { $challenger } expired: it was not answered in time. { $start }
challenge-last-withdrawn = { $challenger } withdrew challenge c{ $challenge }, so there is nothing to answer. { $start }
challenge-last-closed = Your last challenge, c{ $challenge } from { $challenger }, was { $status }. { $start }
challenge-none-for-you = Nobody has challenged you here. { $start }
challenge-no-such = There is no challenge c{ $challenge }. `/oware games` lists your pending challenges.
challenge-is-yours = Challenge c{ $challenge } is yours: wait for { $opponent } to answer, or withdraw it with `/oware cancel`.
challenge-open-no-decline = Challenge c{ $challenge } is open to anyone here: there is nothing to decline. Accept it with `/oware accept c{ $challenge }`, or let it expire.
challenge-not-for-you = Challenge c{ $challenge } is for { $opponent }, not you. Challenge someone yourself with `/oware play @someone`.
challenge-not-yours-to-withdraw = Only { $challenger } can withdraw challenge c{ $challenge }; you can accept or decline it.
challenge-none-to-withdraw = You have no pending challenge to withdraw. `/oware games` lists your games and challenges.

## Playing (src/service/games.rs)

games-north-capital = ({ $letter } is your { $lower }: a letter always names your own row.)
games-board = Game { $game } ({ $variant }, { $rated }), { $moves }.
games-board-after = Game { $game } after move { $move } of { $moves }: { $score }. { $turn }
games-board-after-start = Game { $game } at the start, before move 1 of { $moves }. { $turn }
games-board-after-turn = **{ $name }** was to move.
games-board-after-note = after move { $move }
games-board-after-now = `/oware board #{ $game }` shows it now.

## Replays (src/service/replay.rs)

replay-text = Replay of game { $game } ({ $variant }, { $rated }): { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }, { $state }. The record is attached as text (it numbers pairs, as game records do: its `n.` is moves 2n−1 and 2n).
replay-gif = Animated replay of game #{ $game }, { $south } (South) vs { $north } (North), { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }.
replay-gif-last = The animation shows the last { $shown } of the { $plies } moves, from move { $first } on; the text record has them all.
replay-record = Game record of game #{ $game }.

## Aborts, rematches and reissues (src/service/lifecycle.rs)

lifecycle-abort-why = **{ $name }** called it off before both sides had moved
lifecycle-aborted = Game #{ $game } is aborted; both players are told in its thread.
lifecycle-no-rematch = You have no finished game here to play again. Start one with `/oware play @someone`.
lifecycle-rematch-not-player = Only { $south } and { $north } can ask for a rematch of game #{ $game }.
lifecycle-rematch-active = Game #{ $game } is still being played: finish it first (or `/oware resign`).
lifecycle-reissue-none = There is no challenge c{ $challenge }. Challenge someone with `/oware play @someone`.
lifecycle-reissue-pending = Challenge c{ $challenge } is still waiting for { $opponent }'s answer: `/oware cancel` withdraws it.
lifecycle-reissue-accepted = Challenge c{ $challenge } was accepted: it is game #{ $game }. After it, `/oware rematch` plays again.
lifecycle-reissue-declined = { $opponent } declined challenge c{ $challenge }. To ask again, challenge them with `/oware play`.
lifecycle-reissue-not-yours = Only { $challenger } can make challenge c{ $challenge } again; challenge someone yourself with `/oware play @someone`.

## Resigning and ending by agreement (src/service/conclude.rs)

conclude-resigned = **{ $name }** resigned.
conclude-resign-confirm = Resign game #{ $game } against **{ $opponent }**? It ends the game as your loss{ $rated ->
        [rated] , and it is rated
        [short] , though not a rated one: with fewer than { $min ->
            [one] { $min } move
           *[other] { $min } moves
        } played it counts as casual
       *[other] {""}
    }. Press **Resign #{ $game }** to confirm, or type `/oware resign #{ $game } confirm`; to play on, just move.
conclude-button-resign = Resign #{ $game }
conclude-engine-agrees = **{ $engine }** agrees to end the game: it does not expect to do better by playing on. Each player takes the seeds on their own row.
conclude-agreed = **{ $name }** agreed to end the game; each player takes the seeds on their own row.
proposal-engine-declines = { $request ->
    [draw] **{ $engine }** declines the draw in game #{ $game }: it expects to do better by playing on. The game goes on.
    [takeback] **{ $engine }** declines to take back a move in game #{ $game }. The game goes on.
   *[end] **{ $engine }** declines to end game #{ $game }: it expects to do better by playing on. The game goes on.
}
proposal-asked = { $request ->
    [takeback] **{ $name }** asks to take back their last move in game #{ $game }. **{ $other }**: accept with `/oware takeback`, or decline with `/oware takeback decline`. The request lapses at the next move.
   *[draw] **{ $name }** offers a draw in game #{ $game }. **{ $other }**: accept with `/oware draw`, or decline with `/oware draw decline`. The offer lapses at the next move.
}
proposal-button = { $accept ->
    [yes] { $request ->
        [takeback] Accept takeback
       *[draw] Accept draw
    }
   *[no] Decline
}
takeback-accepted = **{ $name }** accepted the takeback.
takeback-done = { $moves ->
    [one] **{ $name }**'s last move in game #{ $game } is taken back.
   *[other] **{ $name }**'s last move in game #{ $game }, and the reply to it, are taken back.
}
proposal-draw-agreed = **{ $name }** accepted the draw: the game is drawn by agreement.
proposal-dropped = { $withdrawn ->
    [yes] **{ $name }** withdrew their { $request ->
        [takeback] takeback request
       *[draw] draw offer
    } in game #{ $game }. The game goes on.
   *[no] **{ $name }** declined the { $request ->
        [takeback] takeback
       *[draw] draw
    } in game #{ $game }. The game goes on.
}
conclude-proposed = **{ $name }** proposes ending game #{ $game } now, each player taking the seeds on their own row (the rules' way out of an endless cycle; it is not a draw offer): { $result }. **{ $other }**: type `/oware end` to accept that result, or just play on.
conclude-would-win = **{ $winner }** would win { $won }–{ $lost }
conclude-would-draw = it would be a draw, { $south }–{ $north }

## Ratings at a game's end (src/service/ending.rs)

ending-too-short = This rated game ended after { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }, fewer than { $min }, so it counts as casual: ratings are unchanged.
ending-same-player = Not rated: both accounts belong to the same player (they were linked with `/oware link`).
ending-rating-change = { $name } { $before } → { $after } ({ $change })
ending-ratings = { $speed ->
        [live] Live
       *[other] Correspondence
    } ratings: { $changes }.

## Onlookers' advice (src/service/onlookers.rs and src/service/advice.rs)

onlookers-noted = Noted: you suggest **{ $pit }** for { $name } in game #{ $game }, move { $move_number }. { $tally }.
advice-player-in-own-game = you are playing in this game, so you cannot advise in it: make your own move with /move, or advise in a game you are watching
advice-off = advice is off in this game: watch quietly, or start a game of your own with advice:on
advice-game-over = this game is over, so there is nothing to advise: watch another game, or look back at this one with /oware replay
advice-not-legal = { $pit } is not a legal move now: suggest one of { $legal }
advice-tally = Onlookers suggest: { $votes }

## Listing one's games (src/service/listing.rs)

listing-empty = You have no active games or pending challenges. Start one with `/oware play @someone`.
listing-games = { $turn ->
    [yours] Your turn:
   *[theirs] Waiting for your opponents:
}
listing-game = - { $game } ({ $variant } { $south }–{ $north }), { $moves }, { $turn } to move
listing-game-engine = - { $game } ({ $variant }, engine { $level } { $south }–{ $north }), { $moves }, { $turn } to move
listing-live = Games in progress here (the latest move first):
listing-live-game = - { $game } ({ $south }–{ $north }), { $moves }, { $turn } to move { $thread }
listing-live-more = …and more: only { $shown ->
        [one] the most recently played is
       *[other] the { $shown } most recently played are
    } shown.
listing-live-empty = No games are being played here right now. Start one with `/oware play @someone`, or watch the next one.
listing-challenges = Pending challenges:
listing-challenge = - challenge c{ $challenge }: { $challenger } challenged { $opponent } ({ $variant })

## Archiving threads (src/service/archive.rs)

archive-thread = Game #{ $game } is over, so this thread is archived now; the game stays in `/oware stats history` (watch it again with `/oware replay #{ $game }`).

## Settings (src/service/settings.rs)

settings-key-channels = where games may start: `here`, channel ids or mentions, or `anywhere`
settings-key-time = the default time control: `3d`, `10m`, `5+3`, `none`, or `default`
settings-key-rated = whether games are rated by default: `yes`, `no` or `default`
settings-key-advice = whether onlookers may advise in casual games by default: `yes`, `no`, `default`
settings-key-threads = whether each game gets its own thread: `yes` or `no`
settings-key-moderators = the channel where players' reports are posted: `here` (set from inside that channel) or `none`
settings-key-archive = how long a finished game's thread stays open: `1h`, `1d` (from `1m` to `30d`), `never`, or `default` (1 day)
settings-key-tournaments = who may create tournaments: `admins` (the default) or `anyone`
settings-key-language = the language of the bot's messages: `en` (the default), or another the bot has
settings-bad-value = `{ $key }:{ $value }` is not a setting I know. `{ $key }` is { $expected }.
settings-bad-language = `language:{ $value }` is not a language I speak: I have { $languages }.
settings-no-such-key = There is no setting `{ $key }`. The settings are { $keys }.
settings-rated-needs-clock = Rated games need a clock: with `rated:yes`, set `time` to a clock such as `3d` or `5+3` (or leave it at `default`).
my-settings-shown = **Your settings** (only you see them; change them with `/oware settings me key:value`):
my-settings-changed = Your settings changed ({ $changes }).
my-settings-board-south = south: boards show North's row on top, as everyone sees them (the default)
my-settings-board-my-side = my-side: when you play North, your own boards (`/oware board`) show your row at the bottom
my-settings-bad-board = `board:{ $value }` is not a choice: `board:my-side` shows your own row at the bottom when you play North, `board:south` shows every board as everyone sees it.
my-settings-notify-off = off: the game's thread tells you it is your move (the default)
my-settings-notify-dm = dm: a direct message each time a correspondence game waits for your move
my-settings-bad-notify = `notify:{ $value }` is not a choice: `notify:dm` sends you a direct message each time a correspondence game waits for your move, `notify:off` stops them.
my-settings-language-default = default: the language of the place (on Discord, your app's language when I have it)
my-settings-bad-language = `language:{ $value }` is not a language I speak: I have { $languages }, or `default` for the place's.
my-settings-no-such-key = There is no personal setting `{ $key }`. Yours are { $keys }; a server's settings are `/oware settings key:value`.
settings-yes = yes
settings-no = no
settings-default = default ({ $default })
settings-anywhere = anywhere
settings-time-default = default (3d between people)
settings-rated-default = yes with a clock
settings-advice-default = yes in casual games
settings-moderators-elsewhere = The moderators' channel must be a channel of this server (Discord), or a room the bot is in where you are an admin too (Matrix, by its `!room:server` id). Or type `/oware settings moderators:here` in that channel.
settings-moderators-none = none (reports only in the audit log)
settings-tournaments-anyone = anyone creates them
settings-tournaments-admins = admins create them
settings-archive-never = never
settings-key-web = who sees this place's game pages on the web: `unlisted` (the default: only through the bot's links, hidden from search engines), `public` (also listed on player and leaderboard pages) or `off` (no pages)
settings-web-unlisted = unlisted (only through the bot's links)
settings-web-public = public
settings-web-off = off (no pages)
settings-archive-after = after { $span }
settings-shown = **Settings** of this server (admins change them with `/oware settings key:value`; they apply to new games):

## The web pages (src/web/).
web-not-found = There is no page here. Game pages are shared by the bot's links.
web-busy = The pages are busy just now. Try again in a few seconds.
web-home = This is oware-bot's web site: game pages are shared by the bot's links in chat.
web-game-title = Oware game #{ $game }: { $south } vs { $north }
web-to-move = { $player } to move
web-board = Board
web-steps = Step through the moves
web-first = First position
web-prev = Previous move
web-next = Next move
web-last = Latest position
web-move-shown = Move
web-keys = arrow keys step, Home and End jump
web-south = South
web-north = North
web-score = Seeds captured
web-time = Time control
web-moves = Moves
web-record = Download the game record
web-link = Watch and replay on the web: { $url }
console-web = Game pages on the web: { $url } (WEB_ADDR changes where; WEB_ADDR=off turns them off).
web-place-link = This place's leaderboard, tournaments and games being played, on the web: { $url }
web-place-title = Leaderboard ({ $speed ->
        [live] live
       *[other] correspondence
    } games)
web-place-other = The { $speed ->
        [live] live
       *[other] correspondence
    } leaderboard
web-place-standings = Standings
web-place-nobody = Nobody has finished a rated game at this speed here yet.
web-place-player = Player
web-place-rating = Rating
web-place-record = Won–drawn–lost
web-place-live = Games being played
web-place-no-games = No game is being played here now.
web-place-moves = { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
web-player-title = { $name } at Oware
web-player-rating = Rating ({ $speed })
web-player-games = Games in public places
web-player-game = Game #{ $game }
web-player-won = { $how ->
        [resignation] won by resignation
        [timeout] won on time
        [adjudicated] won by an admin's decision
        [no-legal-move] won when no move could feed the empty row
        [repetition] won when the position repeated
        [agreement] won when the game was ended by agreement
       *[winning-score] won with 25 seeds
    }
web-player-lost = { $how ->
        [resignation] lost by resignation
        [timeout] lost on time
        [adjudicated] lost by an admin's decision
        [no-legal-move] lost when no move could feed the empty row
        [repetition] lost when the position repeated
        [agreement] lost when the game was ended by agreement
       *[winning-score] lost: the other player reached 25 seeds
    }
web-player-drawn = { $how ->
        [draw-agreed] drawn by agreement
        [adjudicated] drawn by an admin's decision
        [no-legal-move] drawn when no move could feed the empty row
        [repetition] drawn when the position repeated
       *[agreement] drawn when the game was ended by agreement
    }
web-player-aborted = aborted, no result
web-player-charts = Rating history
web-player-chart = { $speed ->
        [live] Live
       *[other] Correspondence
    } rating over { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    }: from { $first } to { $last }.
web-puzzle-title = The puzzle of { $day }
web-puzzle-none = Nobody has asked for today's puzzle here yet: `/oware puzzle daily` in chat chooses it.
web-puzzle-task = Puzzle #{ $puzzle }: { $task }
web-puzzle-show = Show the solution
web-puzzle-solution = Play { $pit }. The line: { $line }.
web-puzzle-hidden = Its solution shows here tomorrow: answer it in chat today with `/oware puzzle daily`, then `/oware puzzle answer:<pit>`.
web-puzzle-yesterday = Yesterday's puzzle #{ $puzzle }: { $task }
web-place-puzzle = Today's puzzle
web-review = Review
web-review-accuracy = Accuracy: { $south } { $south_accuracy }%, { $north } { $north_accuracy }%.
web-review-graph-alt = The evaluation graph: above the middle line South is better, below it North; mistakes and blunders are marked.
web-review-graph-hint = Press the graph to see the position at that move.
web-review-graph-jump = The position after move { $ply }
web-review-clean = No move lost seeds against the engine's best.
web-review-note = by { $player } was { $class }, losing { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }: { $best } was better.
web-place-tournaments = Tournaments
web-place-pairings = This round's pairings
web-place-bye = { $player }: bye

## Signing in to the web pages (src/service/signin.rs, src/web/session.rs)

web-signin-link = Your sign-in link for the web pages: { $url }
    It works once, within { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }; keep it to yourself. Signed in, you move from your games' pages. `/oware web logout-all` signs you out everywhere.
web-signin-unavailable = The web pages are not available here: this bot has no public web address. Its owner can set `WEB_PUBLIC_URL` (and `WEB_ADDR`, where the pages listen) to turn them on. Meanwhile, play in chat.
web-signin-off-here = The web pages are off at this place (`web:off`). Its admins can turn them on with `/oware settings web:unlisted`; or type `/oware web` where the pages are on.
web-signout-all = { $count ->
        [0] You had no web session open
        [one] { $count } web session ended
       *[other] { $count } web sessions ended
    }; sign-in links not used yet no longer work. `/oware web` gives a new one.
web-signin-title = Sign in to oware-bot
web-signin-prompt = This link signs you in to the web pages as the account that asked for it in chat. It works once.
web-signin-button = Sign in
web-signin-invalid = This sign-in link does not work: it was used already, or it expired (a link lasts 10 minutes). Type `/oware web` in chat for a new one.
web-signed-in = Signed in as { $name }.
web-signed-out = You are signed out. `/oware web` in chat signs you in again.
web-signout-button = Sign out
web-forbidden = This request was refused: it did not come from this site's own page, or your session ended. Reload the page (or sign in again with `/oware web` in chat) and try again.
web-your-move = Your move: choose a pit to sow
web-pit-label = Sow pit { $pit }, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
web-move-no-pit = That is not one of your pits: press one of the pit buttons on the page.
web-move-not-player = You do not play in this game: only its two players move from this page.
web-move-refused = Your move was not played
web-actions = The game
web-resign-button = Resign
web-resign-confirm-button = Yes, resign
web-resign-keep = No, keep playing
web-draw-offer-button = Offer a draw
web-takeback-ask-button = Ask to take back my last move
web-accept-button = Accept
web-decline-button = Decline
web-withdraw-button = Withdraw
web-rematch-button = Rematch
web-pending-theirs = { $request ->
        [draw] { $name } offers a draw.
       *[takeback] { $name } asks to take back their last move.
    }
web-pending-mine = { $request ->
        [draw] You offered a draw; { $name } has not answered yet.
       *[takeback] You asked to take back your last move; { $name } has not answered yet.
    }
web-act-refused = That was not done
web-act-not-player = You do not play in this game: only its two players resign, offer a draw or ask a takeback from this page. Open a game of yours instead.
web-act-unknown = This page does not know that request: reload the page and press one of its buttons.
web-pit = Pit { $pit }: { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
web-flip = Flip the board
web-try-start = Try moves from here
web-trying = Trying: { $moves }, from move { $ply }
web-trying-none = Trying moves from move { $ply }: press a pit of the side to move to sow it.
web-try-back = back to the game
web-try-undo = take back the last one
web-try-refused = Move { $number } of those tried, { $pit }, was not played. { $why }
web-try-malformed = Moves to try are pit letters: A to F for South's pits, a to f for North's, as in c B a.
web-try-too-long = { $max ->
        [one] At most one move can be tried at once: go back to the game and try fewer.
       *[other] At most { $max } moves can be tried at once: go back to the game and try fewer.
    }

## Starting games from a place's page (src/web/place_play.rs, src/service/web_start.rs)

web-place-challenges = Challenges to accept
web-place-no-challenges = No challenge is waiting here now. Make one in chat: `/oware play` with nobody named challenges anyone here.
web-place-challenge-open = { $challenger } challenges anyone here: { $variant }, { $rated }, { $time }.
web-place-challenge-you = { $challenger } challenges you: { $variant }, { $rated }, { $time }.
web-place-challenge-yours = Yours: it waits for someone to accept it.
web-place-signin = Sign in with `/oware web` in chat to accept a challenge or play the engine from this page.
web-place-no-account = You are signed in with no account on this place's network: only its own players start games here. Type `/oware web` in chat here to sign in with your account on it.
web-engine-legend = Play the engine
web-engine-level = Level
web-engine-button = Play the engine
web-start-refused = No game was started
web-engine-absent = The engine is not on this network just now: try again in a minute, or challenge it in chat with `/oware play @bot`.
web-engine-no-channel = This page does not know which channel of this server to play in: start a game in chat there first (`/oware play @bot`), or ask an admin to name the games channels with `/oware settings channels:…`.

## Asking the engine on a game's page (src/web/engine.rs, src/service/page_engine.rs)

web-engine-ask = Ask the engine
web-engine-seen = The engine ({ $depth ->
        [one] one move deep
       *[other] { $depth } moves deep
    }): { $even ->
        [yes] about even.
       *[no] { $name } ({ $side ->
            [south] South
           *[north] North
        }) is ahead by about { $seeds ->
            [one] { $seeds } seed
           *[other] { $seeds } seeds
        }.
    } Best: { $best }; its line: { $line }.
web-engine-try-line = Try its line on the study board
web-engine-over = The game is over in this position: there is nothing for the engine to search.
web-engine-busy = The engine is answering another visitor just now. Ask again in a few seconds.
web-engine-too-often = { $seconds ->
        [one] You asked the engine often in a short time: ask again in a second.
       *[other] You asked the engine often in a short time: ask again in { $seconds } seconds.
    }
web-watching = { $count ->
        [one] Only you have this game open.
       *[other] { $count } people have this game open.
    }
