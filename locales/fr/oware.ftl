# Les messages du bot en français, pour les joueurs d'awalé.
# Les variables sont `{ $nom }` ; une ligne d'un message ne peut pas commencer par `[`,
# `*` ou `.` (écrire `{"*"}` pour un astérisque en tête). Markdown : **gras**, `code`.
# Les noms des commandes restent en anglais (`/oware play`, `/move c`) : ce sont ceux
# que Discord enregistre ; les commandes texte acceptent aussi des mots français.
#
# Glossaire (toujours les mêmes mots) :
#   Oware / game of Oware     awalé, une partie d'awalé
#   pit                       case (A à F pour Sud, a à f pour Nord)
#   seed                      graine
#   sow / sowing              semer / les semailles
#   capture                   prendre / une prise
#   multiple capture          prise multiple
#   grand slam                grand chelem
#   feeding                   nourrir l'adversaire
#   South / North             Sud / Nord (Sud joue le premier)
#   move (a player's turn)    coup
#   row                       rangée
#   to move                   au trait
#   challenge                 défi (c7)
#   rated / casual            classée / amicale
#   rating / deviation        cote / écart
#   leaderboard               classement
#   draw                      nulle
#   resign                    abandonner
#   takeback                  reprise de coup
#   clock / live clock        pendule / pendule en direct
#   correspondence            par correspondance ; live : en direct
#   engine                    le moteur
#   onlooker / advice         spectateur / conseil
#   puzzle                    problème
#   tournament / round / bye  tournoi / ronde / exempt
#   standings / tie-breaks    classement / départages
#   vacation                  congés
#   thread                    fil
# Durées : `2 j 23 h`, `5 min`, `45 s`. Dates : `28 novembre 2026 à 16 h 11 UTC`.
# Nombres : virgule décimale (`3,5`).

## Settings

settings-changed = Réglages modifiés ({ $changes }). Ils valent pour les défis lancés à partir de maintenant ; les parties déjà proposées ou en cours gardent les leurs.
language-changed = Le bot parle désormais { $language } ici.

## Tournaments (src/service/tournaments/)

tournament-title = **{ $name }** (T{ $id })
tournament-list-here = Tournois ici :
tournament-state-open = inscriptions ouvertes
tournament-state-round = ronde { $round } sur { $rounds }
tournament-state-finished = terminé
tournament-list-line = - { $title } : { $format }, { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }, { $state }
tournament-format-swiss = système suisse
tournament-format-round-robin = toutes rondes
tournament-rated = classé
tournament-casual = amical
tournament-shape-swiss = système suisse, { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }
tournament-shape-double = toutes rondes aller-retour
tournament-shape-round-robin = toutes rondes
tournament-created = Le tournoi **{ $name }** (T{ $id }) est ouvert : { $shape }, { $time }, { $rated }. Inscrivez-vous avec `/oware tournament join T{ $id }` ; **{ $creator }** le lance avec `/oware tournament start T{ $id }` quand tout le monde est là.
tournament-joined = **{ $name }** rejoint { $title } comme joueur { $entrant }. Inscrits ({ $count }) : { $players }.
tournament-already-in = Vous êtes déjà inscrit à { $title }, comme joueur { $entrant }. `/oware tournament leave T{ $id }` vous en retire.
tournament-left = **{ $name }** a quitté { $title }.
tournament-withdrew = **{ $name }** se retire du tournoi { $title } : plus apparié à partir de la ronde { $round }. Une partie en cours reste à jouer (ou à abandonner) ; ses adversaires à venir sont exempts.
tournament-started = { $title } commence avec { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }. Les parties de la ronde 1 sont annoncées ci-dessous ; `/oware tournament standings T{ $id }` montre le classement à tout moment.
tournament-player = joueur { $entrant }
tournament-too-few-left = Une ronde demande au moins deux joueurs ; terminez plutôt le tournoi.
tournament-too-many = L'appariement suisse accepte au plus 64 joueurs, pas { $players }.
tournament-no-pairing = Tout appariement possible répéterait une partie ou donnerait un second exempt à quelqu'un ; le tournoi s'arrête ici.
tournament-ended-after = après la ronde { $round } : { $why }
tournament-after-rounds = après { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }
tournament-round-game = - partie #{ $game } : **{ $south }** (Sud, joue en premier) contre **{ $north }**
tournament-round-bye = - **{ $name }** est exempt (1 point)
tournament-round = { $title }, ronde { $round } sur { $rounds } : { $time }, { $rated }.
    { $games }
tournament-game-begins = { $title }, ronde { $round } : la partie #{ $game } commence ({ $time }). **{ $south }** joue Sud (A–F) et commence ; **{ $north }** joue Nord (a–f).
tournament-thread = Awalé : { $south } contre { $north } ({ $name } R{ $round })
tournament-stage-open = pas encore commencé
tournament-stage-final = classement final { $after }
tournament-standing = { $rank }. **{ $name }** : { $points }
tournament-standing-withdrawn = { $rank }. **{ $name }** (retiré) : { $points }
tournament-picture-title = { $name } (T{ $id }) : { $stage }
tournament-column-player = Joueur
tournament-column-points = Pts
tournament-column-buchholz = Bh
tournament-column-sonneborn-berger = SB
tournament-column-seeds = Graines
tournament-picture-alt = Classement du tournoi { $title }. { $standings }
tournament-picture-alt-player = { $rank } : { $name }, { $points }
tournament-points = { $half ->
        [0] { $points } point
        [1] { $points } point
        [2] { $points } point
        [3] { $points } point
       *[other] { $points } points
    }
tournament-standings = { $title }, { $stage } :
    { $standings }
tournament-winner-name = **{ $name }**
tournament-over = Le tournoi { $title } est terminé ({ $why }). { $count ->
        [one] Vainqueur :
       *[other] Vainqueurs :
    } { $winners } avec { $points }. Classement final :
    { $standings }

## Boards (src/render/): the alt text, and the words drawn on the pictures

side-south = Sud
side-north = Nord
# What joins the parts of an alt text ("…has 3 captured; South's pits…").
alt-join = {"\u202F; "}
alt-board = Plateau d'awalé : { $south } (Sud) a pris { $south_score } et { $north } (Nord) { $north_score }
alt-south-pits = les cases A à F de Sud contiennent { $seeds }
alt-north-pits = les cases a à f de Nord contiennent { $seeds }
alt-captured = {" "}et a pris { $seeds } dans { $pits }
alt-grand-slam = , un grand chelem qui ne prend rien
alt-last-move = { $player } a joué en dernier { $pit } en semant { $sown }{ $effect }
alt-better = la case { $pit } est entourée : c'était le meilleur coup
alt-to-move = { $player } au trait ({ $legal })
alt-game-over = la partie est terminée
alt-seat-north = vu du côté de Nord, la rangée de Nord en bas
alt-clock-running = , en marche
alt-clocks = pendules : { $south } { $south_clock }{ $south_running }, { $north } { $north_clock }{ $north_running }
result-resignation = { $winner } gagne par abandon
result-time = { $winner } gagne au temps
result-adjudicated = { $winner } gagne sur décision d'un admin
result-why-25 = 25 graines atteintes
result-why-no-move = plus aucun coup possible
result-why-repetition = position répétée
result-why-agreement = arrêt d'un commun accord
result-why-draw-agreed = nulle acceptée
result-why-resigned = { $player } a abandonné
result-why-time = { $player } a dépassé son temps
result-aborted = Partie annulée : pas de résultat
result-why-adjudicated = décidé par un admin
result-win = { $winner } gagne { $won }–{ $lost } ({ $why })
result-draw = Nulle { $south }–{ $north } ({ $why })
result-draw-agreed = Nulle par accord mutuel
result-draw-adjudicated = Nulle sur décision d'un admin
caption-captures = Coup { $number } : { $pit } prend { $seeds } ({ $pits ->
        [one] { $pits } case
       *[other] { $pits } cases
    })
caption-grand-slam = Coup { $number } : { $pit }, un grand chelem qui ne prend rien
caption-lap = Coup { $number } : { $pit } sème { $sown } (un tour complet)
caption-sows = Coup { $number } : { $pit } sème { $sown }
caption-start = Départ
caption-from = Après le coup { $number } : { $shown ->
        [one] le dernier coup suit
       *[other] les { $shown } derniers coups suivent
    }
caption-after = Après { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }
board-to-move = au trait
board-game-over = Partie terminée
board-captured = prises
board-seat-south = Vue de Sud
board-seat-north = Vue de Nord
key-played = joué
key-captured = prise
key-can-move = jouable
key-better = mieux
table-more = … et { $more } de plus

## Charts (src/render/chart.rs, src/render/eval_graph/)

chart-rating-title = { $name } : cote
chart-game = partie
chart-rating = cote
chart-no-games = pas encore de partie classée
chart-band = ±2 écarts (incertitude de la cote)
graph-mistake = erreur
graph-blunder = gaffe
graph-ply = coup
graph-lead = avance de Sud (graines)
graph-nothing = aucune évaluation à montrer
graph-south-ahead = Sud devant
graph-north-ahead = Nord devant
graph-alt-title = Courbe d'évaluation
graph-alt-title-of = Courbe d'évaluation — { $title }
graph-alt-nothing = {"\u00A0"}: aucune évaluation à montrer.
graph-alt-over = {" "}sur { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    } : { $leads }
graph-alt-mark-of = { $mark } de { $side }
graph-alt-move-by = un coup de { $side }
graph-alt-swing = , le plus grand écart au coup { $ply } ({ $what }, { $seeds })
graph-alt-no-swing = , l'évaluation n'a jamais bougé
graph-alt-level-from = égalité à partir du coup { $ply }
graph-alt-led-from = { $side } devant à partir du coup { $ply }
graph-alt-level-throughout = égalité tout du long
graph-alt-led-throughout = { $side } devant tout du long
graph-alt-level-first = égalité au début
graph-alt-led-first = { $side } devant au début
graph-alt-then = , puis { $next }
graph-alt-seesaw = l'avantage a changé { $changes ->
        [one] une fois
       *[other] { $changes } fois
    }, pour finir { $last }
graph-alt-seeds = { $seeds ->
        [1] { $seeds } graine
       *[other] { $seeds } graines
    }
graph-alt-seeds-fraction = { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
graph-alt-a-mistake = une erreur au coup { $ply }
graph-alt-a-blunder = une gaffe au coup { $ply }
graph-alt-mistakes = des erreurs aux coups { $plies } et { $last }
graph-alt-blunders = des gaffes aux coups { $plies } et { $last }
graph-alt-no-marks = aucune erreur ni gaffe marquée

## Chat adapters (src/chat/)

matrix-who-is = Je ne sais pas qui est `{ $mention }` : mentionnez la personne, par exemple `!oware play @bob:example.org`.
matrix-who-is-short = Je ne sais pas qui est `{ $mention }`.
matrix-thread-root = Partie d'awalé #{ $game }
matrix-no-dm = Je n'ai pas pu ouvrir de message privé avec vous ; vérifiez que vous acceptez les invitations (de ma part), puis réessayez.
matrix-sent-dm = Je vous ai envoyé cela en message privé (c'est pour vous seul).
matrix-your-move = À vous de jouer : { $pits } (tapez `!move { $pit }`)
matrix-type-accept-or-decline = Tapez `!oware accept` ou `!oware decline`.
matrix-type-accept = Tapez `!oware accept`.
matrix-type-decline = Tapez `!oware decline`.
matrix-type = Tapez { $commands }.
matrix-or = {" "}ou{" "}
matrix-undecryptable = Je n'ai pas pu déchiffrer un message ici : sa clé ne m'est jamais parvenue. Renvoyez votre commande, s'il vous plaît. Si cela se reproduit, laissez votre client envoyer ses clés aux sessions non vérifiées (la mienne ne l'est pas), ou ouvrez une nouvelle session (déconnexion puis reconnexion) pour qu'il partage des clés neuves.
discord-no-thread = _(Je n'ai pas pu ouvrir de fil pour cette partie ici : il me faut la permission **Créer des fils publics**. La partie se joue donc dans ce salon.)_
console-intro = Console de l'awalé. Tapez des lignes `<joueur>: <commande>`, par exemple :
      alice: /oware play @bob
      bob: /oware accept
      alice: /move c
      carol: /oware advise d      (les spectateurs proposent un coup)
      alice: /oware stats @bob    (aussi leaderboard, history, replay #1, link)
    `alice: /oware help` liste toutes les commandes ; Ctrl-D pour finir.
console-line-hint = [bot] Tapez `<joueur>: <commande>`, par exemple `alice: /oware play @bob`. Un nom est un mot d'au plus 32 lettres, chiffres et `-_.` ; `#salon alice: …` parle dans un autre salon.
console-choices = choix : { $choices }
console-file = { $kind } : { $path }
console-file-replay = partie rejouée
console-file-record = notation
console-file-chart = courbe de cote
console-file-graph = courbe d'évaluation
console-file-blunder = plus grosse gaffe
console-file-puzzle = problème
console-file-board = image du plateau
console-file-export = vos données
language-name = français
crosstable-number = N°
crosstable-round = R{ $round }
crosstable-bye = exempt

## Refusals (src/service/error.rs)

error-busy = La base de données est occupée pour l'instant, donc rien n'a changé. Réessayez dans quelques secondes.
error-generic-failure = Désolé, quelque chose s'est mal passé de mon côté et rien n'a changé. Réessayez dans un instant.
error-no-game-here = Il n'y a pas de partie ici. Lancez-en une avec `/oware play @quelqu'un`, ou nommez une partie par son numéro, par exemple `/oware board #12` (`/oware games` liste les vôtres).
error-no-game-of-yours = Vous n'avez pas de partie ici. Lancez-en une avec `/oware play @quelqu'un` (`/oware games` liste les vôtres).
error-no-such-game = Il n'y a pas de partie #{ $game } ici. `/oware games` liste vos parties et leurs numéros.
error-no-such-move = La partie #{ $game } compte { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
} pour l'instant : `move:` va de 0 (le départ) à { $moves }, par exemple `/oware board #{ $game } move:{ $moves }`.
error-which-game = { $yours ->
        [yes] Vous avez
       *[no] Il y a
    } plusieurs parties ici : { $list }. Précisez laquelle, par exemple `{ $example } #{ $first }`.
error-not-a-player = Vous ne jouez pas dans la partie #{ $game } ({ $south } contre { $north }) : eux seuls peuvent faire cela. Défiez quelqu'un avec `/oware play @quelqu'un`.
error-not-your-turn = Ce n'est pas à vous de jouer : { $name } ({ $side }) a le trait dans la partie #{ $game }. Attendez son coup.
error-game-over = La partie #{ $game } est terminée ({ $summary }). Lancez-en une nouvelle avec `/oware play @quelqu'un`.
error-stale-board = Ce plateau n'est plus à jour (il montre le coup { $shown }, la partie en est au coup { $now }). Utilisez les boutons du dernier plateau, ou tapez le coup, par exemple `/move c`.
error-illegal = Coup impossible : { $why }.
error-illegal-game-over = la partie est terminée, plus aucun coup ne peut être joué
error-illegal-not-your-row = { $pit } est une case de { $owner } ; { $side } sème depuis sa propre rangée ({ $legal })
error-illegal-empty-pit = la case { $pit } est vide. Vos cases jouables : { $legal }
error-illegal-empty-pit-must-feed = la case { $pit } est vide. Vos cases jouables : { $legal } (l'autre rangée est vide, et seules celles-ci la nourrissent)
error-illegal-must-feed = la rangée de { $opponent } est vide, vous devez la nourrir, et { $pit } ne l'atteint pas. Les cases qui la nourrissent : { $legal }
error-illegal-grand-slam = { $pit } prendrait toutes les graines de la rangée de { $opponent } (un grand chelem), ce que les règles de cette partie interdisent. Jouez plutôt l'une de ces cases : { $legal }
error-raced = La partie #{ $game } a changé pendant que votre commande s'appliquait, donc rien n'a été fait. Regardez le plateau (`/oware board`) et réessayez.
error-challenge-self = Vous ne pouvez pas vous défier vous-même. Défiez quelqu'un d'autre avec `/oware play @quelqu'un`.
error-challenge-bot = { $name } est un bot et ne peut pas jouer à l'awalé ici. Défiez une personne avec `/oware play @quelqu'un`, ou jouez contre moi (le moteur) en me mentionnant.
error-engine-clock = Les parties contre le moteur n'ont pas de pendule (laissez de côté `time:`) ; une partie délaissée 7 jours est annulée.
error-engine-rated = Les parties contre le moteur ne sont jamais classées (une cote vous mesure aux autres joueurs). Laissez de côté `rated:`, ou défiez une personne avec `/oware play @quelqu'un rated:yes`.
error-level-engine-only = `level:` règle la force du moteur : il ne s'applique qu'à une partie contre lui (mentionnez le bot : `/oware play @oware-bot level:easy`). Laissez-le de côté pour défier une personne.
error-rated-needs-clock = Une partie classée demande une pendule, pour qu'un joueur qui ne joue plus perde au temps : utilisez par exemple `time:3d` ou `time:5+3`, ou jouez une partie amicale avec `rated:no`.
error-too-late = Trop tard : le temps accordé à { $name } pour jouer dans la partie #{ $game } est écoulé, la partie est donc perdue au temps. Le résultat va s'afficher ici dans un instant.
error-cannot-abort = La partie #{ $game } est en cours (les deux camps ont joué), elle ne peut donc pas être annulée. Abandonnez avec `/oware resign`, ou proposez d'arrêter avec `/oware end`.
error-duplicate-open-challenge = Vous avez déjà un défi ouvert en attente. Attendez que quelqu'un l'accepte, ou retirez-le avec `/oware cancel`.
error-duplicate-challenge = Vous avez déjà un défi en attente pour { $name }. Attendez sa réponse, ou retirez-le avec `/oware cancel`.
error-which-challenge = Vous avez plusieurs défis en attente : { $list }. Précisez lequel, par exemple `/oware { $command } c{ $first }`.
error-challenge-closed = Le défi c{ $challenge } : { $status }. Lancez-en un nouveau avec `/oware play @quelqu'un`.
error-already-asked = { $request ->
    [draw] Vous avez déjà proposé la nulle à { $name } dans la partie #{ $game } ; il peut l'accepter avec `/oware draw` ou la refuser avec `/oware draw decline`. Pour la retirer, tapez vous-même `/oware draw decline`.
    [takeback] Vous avez déjà demandé à { $name } de reprendre votre coup dans la partie #{ $game } ; il peut accepter avec `/oware takeback` ou refuser avec `/oware takeback decline`.
   *[end] Vous avez déjà proposé d'arrêter la partie #{ $game } ; { $name } peut accepter avec `/oware end`, ou continuer à jouer.
}
error-no-such-lesson = Il n'y a pas de leçon { $lesson } : les leçons vont de 1 à { $count }. `/oware learn` vous donne la suivante.
error-vacation-length = Des congés durent de 1 à { $allowance } { $allowance ->
        [one] jour
       *[other] jours
    }, pas { $days } : `/oware vacation 7d`.
error-vacation-days-left = Il vous reste { $left ->
        [one] { $left } jour
       *[other] { $left } jours
    } de congés sur { $allowance } pour les 365 derniers jours, pas { $asked } : essayez `/oware vacation { $left }d`, ou revenez à vos parties.
error-already-on-vacation = Vous êtes déjà en congés, jusqu'au { $until }. `/oware vacation off` y met fin ; vous pourrez ensuite en prendre d'autres.
error-not-on-vacation = Vous n'êtes pas en congés. `/oware vacation 7d` met en pause vos pendules par correspondance pendant une semaine.
error-takeback-rated = La reprise de coup est réservée aux parties amicales, et la partie #{ $game } compte (classée, ou de tournoi). Continuez à jouer, ou proposez la nulle avec `/oware draw`.
error-nothing-to-take-back = Vous n'avez encore aucun coup à reprendre dans la partie #{ $game }.
error-nothing-to-decline = { $request ->
    [draw] Aucune proposition de nulle en attente dans la partie #{ $game }. Pour en proposer une, tapez `/oware draw`.
    [takeback] Aucune reprise demandée dans la partie #{ $game }. Pour en demander une, tapez `/oware takeback`.
   *[end] Aucun arrêt proposé dans la partie #{ $game }.
}
error-game-not-over = La partie #{ $game } est encore en cours : le moteur analyse une partie une fois terminée (une analyse en cours de partie conseillerait un camp). Réessayez après le dernier coup.
error-nothing-to-analyse = La partie #{ $game } a été annulée ou n'a aucun coup, il n'y a donc rien à analyser. Analysez une partie jouée jusqu'au bout, par exemple votre dernière avec `/oware analyse #12`.
error-reviews-queued-by-you = Vous avez déjà { $limit ->
        [one] { $limit } analyse
       *[other] { $limit } analyses
    } en attente, le maximum par personne. Attendez que l'une soit publiée, puis redemandez avec `/oware analyse #{ $game }`.
error-review-queue-full = { $limit ->
        [one] { $limit } analyse est
       *[other] { $limit } analyses sont
    } déjà en attente, le maximum que le bot accepte à la fois. Redemandez avec `/oware analyse #{ $game }` dans quelques minutes.
error-no-puzzle-open = Vous n'avez pas de problème en cours. Demandez-en un avec `/oware puzzle` (ou celui du jour avec `/oware puzzle daily`).
error-puzzle-answered = Vous avez déjà répondu au problème #{ $puzzle }. Demandez-en un nouveau avec `/oware puzzle`.
error-no-such-puzzle = Il n'y a pas de problème #{ $puzzle }. Demandez-en un avec `/oware puzzle`.
error-puzzle-not-given = Le problème #{ $puzzle } a été donné à quelqu'un d'autre : c'est à lui d'y répondre. Demandez le vôtre avec `/oware puzzle` (ou celui du jour, auquel tout le monde ici peut répondre, avec `/oware puzzle daily`).
error-puzzle-move = { $pit } n'est pas un coup permis dans le problème #{ $puzzle } : répondez par l'un de { $legal }, par exemple `/oware puzzle answer:{ $example }`.
error-advice = Conseil non pris en compte : { $why }.
error-never-played = { $who } pas encore joué de partie, il n'y a donc rien à montrer. Lancez-en une avec `/oware play @quelqu'un`.
error-no-games-here = **{ $name }** n'a joué aucune partie dans ce salon, et ses parties ailleurs ne sont pas montrées ici. `/oware stats @{ $name }` montre son bilan partout.
error-no-such-page = Il n'y a pas de page { $page } : le classement a { $pages } { $pages ->
        [one] page
       *[other] pages
    }. Essayez `/oware leaderboard page:{ $pages }`.
error-link-unknown = `{ $code }` n'est pas un code de liaison valide. Vérifiez-le, ou obtenez-en un nouveau avec `/oware link` sur votre autre compte.
error-link-expired = Ce code de liaison a expiré. Obtenez-en un nouveau avec `/oware link` et utilisez-le { $minutes ->
        [one] dans la minute
       *[other] dans les { $minutes } minutes
    }.
error-link-used = Ce code de liaison a déjà servi. Obtenez-en un nouveau avec `/oware link`.
error-link-own-code = Ce code est le vôtre : tapez `/oware link { $code }` depuis votre compte sur un autre réseau (Discord, Matrix ou la console) pour lier les deux.
error-link-same-network = Ce code a été créé par un autre compte de ce réseau : seuls des comptes de réseaux différents peuvent être liés. Utilisez-le depuis votre compte sur un autre réseau.
error-already-linked = Votre compte et celui du code sont déjà liés : ils partagent une même cote. Rien à faire.
error-not-admin = `{ $command }` est réservé aux propriétaires du bot (`OWARE_OWNERS`) et aux admins de ce lieu : sur Discord, les membres qui peuvent **Gérer le serveur** (ou Administrateur) ; sur Matrix, un niveau de pouvoir de 50 ou plus dans le salon ; sur la console, l'utilisateur nommé dans `OWARE_CONSOLE_ADMIN`. Demandez à l'un d'eux.
error-bad-setting = { $why } Tapez `/oware settings` pour tous les voir.
error-settings-changed = Un autre admin vient de modifier les réglages. Regardez-les avec `/oware settings` et modifiez-les à nouveau si vous le souhaitez toujours.
error-channel-not-allowed = Sur ce serveur, les parties ne commencent que dans { $channels } (un réglage du serveur). Lancez votre défi là-bas, ou demandez à un admin de changer cela avec `/oware settings channels:…`.
error-reason-needed = Dites pourquoi : `{ $usage }`. La raison va dans le journal d'audit de ce serveur.
error-not-the-winner = { $name } ne joue pas dans la partie #{ $game } : nommez son vainqueur, { $south } ou { $north }, par exemple `/oware admin adjudicate #{ $game } @{ $south } raison`, ou déclarez la nulle avec `/oware admin adjudicate #{ $game } draw raison`.
error-banned = Vous ne pouvez ni lancer ni accepter de parties sur ce serveur { $until }{ $reason } : un admin vous a banni. Les parties en cours continuent ; adressez-vous à un admin si vous pensez que c'est une erreur.
error-other-banned = { $name } ne peut pas jouer sur ce serveur { $until } : cette personne y est bannie. Défiez quelqu'un d'autre.
error-report-banned = Vous ne pouvez pas signaler de parties sur ce serveur { $until }{ $reason } : un admin vous a banni. Si quelque chose mérite l'attention des admins, écrivez directement à l'un d'eux.
error-not-banned = { $name } n'est pas banni ici. `/oware admin log` montre les bannissements et leurs auteurs.

## Tournament refusals (src/service/tournaments/error.rs)

error-no-such-tournament = Il n'y a pas de tournoi T{ $id } sur ce serveur. `/oware tournament` liste ceux d'ici.
error-no-tournament-here = Il n'y a pas de tournoi à rejoindre ou à suivre ici. Un admin en crée un avec `/oware tournament create Ma Coupe format:swiss rounds:3`.
error-tournament-closed = Le tournoi T{ $id } a commencé, il n'accepte donc plus de joueurs. Demandez à son créateur d'organiser le suivant.
error-tournament-not-in = Vous ne jouez pas dans le tournoi T{ $id } ; rien à quitter.
error-tournament-over = Le tournoi T{ $id } est terminé ; `/oware tournament standings T{ $id }` montre comment il s'est fini.
error-tournament-started = Le tournoi T{ $id } a déjà commencé. `/oware tournament standings T{ $id }` montre où il en est.
error-tournament-not-creator = Seul le créateur du tournoi T{ $id } ou un admin du serveur peut le lancer.
error-tournament-too-few = Le tournoi T{ $id } a { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    } ; il en faut au moins 2. Les joueurs s'inscrivent avec `/oware tournament join T{ $id }`.
error-tournament-no-bots = Les bots ne peuvent pas jouer en tournoi ; seulement les personnes.
error-tournament-rounds-in-round-robin = Un tournoi toutes rondes a autant de rondes qu'il en faut pour que chacun rencontre tout le monde ; laissez de côté `rounds:`, ou utilisez `format:swiss rounds:N`.
error-tournament-full = Le tournoi T{ $id } est un toutes rondes qui a déjà { $limit ->
        [one] { $limit } joueur
       *[other] { $limit } joueurs
    }, le maximum possible (chacun rencontre tout le monde, une ronde chacun). Demandez à son créateur de le lancer et d'en créer un autre pour les suivants, ou de créer un suisse (`format:swiss`).
error-tournament-swiss-full = Le tournoi T{ $id } a déjà { $limit ->
        [one] { $limit } joueur
       *[other] { $limit } joueurs
    }, le maximum pour un suisse. Demandez à son créateur de le lancer, ou d'en créer un autre pour les suivants (`/oware tournament create Ma Coupe format:swiss`).
error-tournament-game-cap = Vous jouez déjà { $limit ->
        [one] { $limit } partie
       *[other] { $limit } parties
    } à la fois, le maximum pour un joueur, vous ne pouvez donc pas rejoindre le tournoi T{ $id } : ses parties s'ajouteraient. Terminez-en une d'abord (`/oware games` les liste ; `/oware resign` en termine une), puis inscrivez-vous.
error-tournament-no-abort = La partie #{ $game } est une partie de tournoi : elle ne peut pas être annulée. Jouez-la, abandonnez-la, ou demandez à un admin du serveur (`/oware admin abort`).

## Commands not understood (src/service/parse/)

parse-unknown-command = Je ne connais pas la commande `{ $command }`. Tapez `/oware help` pour voir ce que je sais faire.
parse-missing-slash = Les commandes commencent par une barre oblique : `{ $command }`.
parse-unknown-command-near = Je ne connais pas la commande `{ $command }`. Vouliez-vous dire `{ $near }` ? Tapez `/oware help` pour voir ce que je sais faire.
parse-missing-pit = Quelle case ? Nommez une de vos cases par sa lettre, par exemple `{ $command } c`.
parse-pit-not-a-number = `{ $number }` est un nombre, mais les cases sont des lettres : A à F pour Sud, a à f pour Nord (votre propre rangée), par exemple `{ $command } c`.
parse-not-a-pit = `{ $typed }` n'est pas une case : nommez une de vos cases par sa lettre, de a à f (majuscule ou minuscule), par exemple `{ $command } c`.
parse-missing-pit-to-advise = Quelle case ? Suggérez une case du camp au trait par sa lettre, par exemple `{ $command } c`.
parse-not-a-pit-to-advise = `{ $typed }` n'est pas une case : suggérez une case du camp au trait par sa lettre, de a à f, par exemple `{ $command } c`.
parse-missing-answer = Quelle case ? Répondez par la lettre d'une de vos cases, par exemple `/oware puzzle answer:c`.
parse-answer-not-a-pit = `{ $answer }` n'est pas une case : les cases sont des lettres, A à F pour Sud et a à f pour Nord, par exemple `/oware puzzle answer:c`.
parse-missing-challenge = Quel défi ? Donnez son numéro, par exemple `/oware rematch c7`.
parse-missing-game = Quelle partie ? Donnez son numéro, par exemple `/oware replay #12`.
parse-unknown-option = Option inconnue `{ $option }`. Les options sont first:me|them|random, rated:yes|no, variant:abapa|forbidden|capture-all, advice:on|off, level:easy|medium|hard, time:3d|5+3|none, reminders:on|off.
parse-bad-option = `{ $key }:{ $value }` n'est pas valable : utilisez { $key }:{ $expected }.
parse-bad-range = `{ $key }:{ $value }` n'est pas valable : utilisez { $key }: un nombre de { $min } à { $max }.
parse-challenge-not-game = `{ $id }` est un défi ; les parties sont numérotées comme `#12` (`/oware games` liste les vôtres).
parse-bad-id = `{ $id }` n'est pas un numéro de partie : utilisez un nombre, par exemple `#12`.
parse-too-long = Cette commande est trop longue ({ $length ->
        [one] { $length } caractère
       *[other] { $length } caractères
    } ; au plus { $max }). Retapez-la plus courte.
parse-usage = Tapez-la ainsi : `{ $usage }`.
parse-unknown-admin = `/oware admin` n'a pas de `{ $word }` : il connaît status, abort, adjudicate, ban, unban, bans, log, redeliver et help (`/oware admin help` les explique).
parse-bad-mention = `{ $mention }` n'est pas un joueur : un nom de console est un mot d'au plus 32 lettres, chiffres et `-_.`, par exemple `@bob`.
parse-help-topic = Il n'y a pas d'aide sur `{ $topic }`. Tapez `/oware help` pour les commandes, ou `/oware help more`, `/oware help rules`, `/oware help admin` ou `/oware help tournament`.
parse-unexpected-word = `{ $command }` ne prend pas `{ $word }`. Tapez `/oware help` pour des exemples.

## Time controls (src/service/clock.rs, src/service/when.rs)

clock-bad-time = `time:{ $value }` n'est pas valable : { $why }. Utilisez time:3d (un délai pour chaque coup, de 15s à 30d, en s, m, h ou d, par exemple 12h ou 30m), time:5+3 (une pendule en direct : 5 minutes chacun plus 3 secondes par coup) ou time:none (parties amicales seulement).
clock-why-minutes = les minutes doivent être un nombre
clock-why-increment = l'incrément doit être en secondes
clock-why-live-too-short = une pendule en direct demande au moins 1 minute
clock-why-live-too-long = une pendule en direct va au plus jusqu'à 180+60
clock-why-no-unit = donnez une unité : s, m, h ou d
clock-why-not-a-number = cela doit commencer par un nombre
clock-why-bad-unit = l'unité doit être s, m, h ou d
clock-why-one-unit = donnez un seul nombre entier et une seule unité : `time:{ $instead }`
clock-why-too-short = le délai le plus court est 15s
clock-why-too-long = le délai le plus long est 30d
clock-none = sans pendule
clock-per-move = { $span } par coup
clock-live = une pendule en direct de { $base } chacun plus { $increment } s par coup
when-days = { $n } j
when-hours = { $n } h
when-minutes = { $n } min
when-seconds = { $n } s
when-in = dans { $span }
when-ago = il y a { $span }
when-two-units = { $first } { $second }
when-date = { $day ->
        [1] 1er
       *[other] { $day }
    } { $month ->
        [1] janvier
        [2] février
        [3] mars
        [4] avril
        [5] mai
        [6] juin
        [7] juillet
        [8] août
        [9] septembre
        [10] octobre
        [11] novembre
       *[other] décembre
    } { $year }
when-utc-time = { $date } à { $hour } h { $minute } UTC
when-utc-time-seconds = { $date } à { $hour } h { $minute } min { $second } s UTC
number-decimal-mark = ,
# The last item of a list: "A, B and C" (all of them), "D or E" (one of them).
list-and = { $init } et { $last }
list-or = { $init } ou { $last }

## Limits (src/service/limits.rs)

limits-pending-challenges = Vous avez déjà { $count ->
        [one] { $count } défi
       *[other] { $count } défis
    } en attente, le maximum à la fois. Attendez les réponses, ou retirez-en un avec `/oware cancel`.
limits-active-games = Cela ferait plus de { $limit ->
        [one] { $limit } partie
       *[other] { $limit } parties
    } à la fois pour un joueur. Terminez-en une d'abord (`/oware games` les liste ; `/oware resign` en termine une).
limits-engine-games-per-user = Vous jouez déjà { $count ->
        [one] { $count } partie
       *[other] { $count } parties
    } contre moi, le maximum à la fois. Terminez-en une d'abord (ou abandonnez-la avec `/oware resign`).
limits-engine-games = Je joue déjà autant de parties contre des personnes que je le peux. Réessayez plus tard, ou défiez une personne avec `/oware play @quelqu'un`.
limits-too-fast = Vous envoyez des commandes plus vite que je ne les traite. Attendez { $seconds } s, puis réessayez.

## Linking accounts (src/service/link.rs)

link-code = Votre code de liaison est `{ $code }`. Dans les { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    }, tapez `/oware link { $code }` depuis votre compte sur un autre réseau (Discord, Matrix ou la console) : les deux comptes partageront alors une même cote. Le code ne sert qu'une fois ; gardez-le pour vous.
link-account = { $name } ({ $platform })
link-ask = **Lier avec { $other } ?** Lier fait de vos deux comptes un seul joueur : une seule cote (à chaque cadence, le compte qui a le plus de parties classées garde la sienne), une seule ligne au classement, un seul export (`/oware export` depuis l'un donne les données des deux) et un seul oubli (`/oware forget-me` depuis l'un efface les deux). Ne liez qu'un compte qui est à vous. Appuyez sur **Lier** ou tapez `/oware link CODE confirm` ; `/oware unlink` le défait plus tard.
link-button = Lier
unlink-done = Ce compte n'est plus lié : c'est de nouveau un joueur à part, sans cote pour commencer. { $others ->
    [one] L'autre compte garde
   *[other] Les { $others } autres comptes gardent
} les cotes et leur historique ; chaque partie reste dans l'historique de chaque compte.
unlink-not-linked = Ce compte n'est lié à aucun autre : rien à délier. (`/oware link` donne un code pour en lier un.)
link-linked = Liés : { $mine } et { $other } ne font plus qu'un joueur, avec une seule ligne au classement général. À chaque cadence, le compte qui a le plus de parties classées garde sa cote (en cas d'égalité, celui du code) : { $speeds }. Toutes les parties restent dans l'historique.
link-speed = { $speed ->
        [live] en direct
       *[other] par correspondance
    } : la cote du compte { $kept } est gardée ({ $kept_games } { $kept_games ->
        [one] partie classée
       *[other] parties classées
    }), celle du compte { $dropped } abandonnée ({ $dropped_games } { $dropped_games ->
        [one] partie classée
       *[other] parties classées
    })
link-speed-none = { $speed ->
        [live] en direct
       *[other] par correspondance
    } : pas encore de partie classée

## The engine as an opponent (src/service/bot.rs)

bot-game-begins = La partie #{ $game } contre le moteur (niveau { $level }, { $variant }, amicale) commence : **{ $name }** joue Sud (A–F) et commence.
bot-busy = **{ $bot }** est occupé par d'autres parties et répondra sous peu ; son coup s'affichera ici.
bot-thinking = **{ $bot }** réfléchit ; son coup s'affichera ici.

## Status (src/service/status.rs)

status-title = **État** de ce processus du bot (parties, défis, tâches et messages de tous les serveurs et réseaux) :
status-title-server = **État** de ce serveur (ses parties, défis et messages ; les chiffres du bot entier sont pour ses propriétaires, `OWARE_OWNERS`) :
status-title-room = **État** de ce salon (ses parties, défis et messages ; les chiffres du bot entier sont pour ses propriétaires, `OWARE_OWNERS`) :
status-database = Base de données
status-discord-shards = Shards Discord
status-games = Parties en cours
status-challenges = Défis en attente
status-jobs = Tâches en attente
status-jobs-figure = { $jobs } ({ $due } à faire maintenant)
status-unsent = Non envoyés, { $network }
status-dead = { $waiting } ({ $dead ->
        [one] { $dead } impossible à livrer
       *[other] { $dead } impossibles à livrer
    } : /oware admin redeliver)
status-shards-not-running = à l'arrêt
status-shards-all = tous
status-shards-one = { $shard } sur { $total }
status-shards-range = { $first }–{ $last } sur { $total }
status-console = console

## Fixed texts (src/service/text.rs)

help = **Bot d'awalé** : jouez à l'awalé (règles abapa) ici même.
    - Débutant ? `/oware learn` : cinq leçons courtes, un coup chacune ; `/oware help rules` : les règles.
    - `/oware play @oware-bot` : une partie contre le moteur, tout de suite (`level:easy|medium|hard`).
    - `/oware play @quelqu'un` : un défi (classé, 3 jours par coup ; `time:5+3` pour une partie en direct) ; l'autre répond par `/oware accept`.
    - `/move c` : semer depuis la case c de votre rangée. `/oware board` : le plateau ; `/oware resign` : abandonner.
    - `/oware help play` : toutes les options et commandes d'une partie. `/oware help more` : parties rejouées, analyse, problèmes, comptes, etc.
help-play = **Jouer une partie**
    - `/oware play @quelqu'un` : un défi (sans nom : défi ouvert à tous). Options : `first:me|them|random` `rated:yes|no` `variant:abapa|forbidden|capture-all` `advice:on|off` `time:3d|12h|30m|5+3|none` `reminders:on|off`. Par défaut vous jouez Sud (A–F) en premier, partie classée, 3 jours par coup.
    - Pendules : `time:3d`, un délai par coup (avec rappels) ; `time:5+3`, en direct (5 min, +3 s par coup) ; `time:none`, amical. Temps dépassé : perdu.
    - `/oware play @oware-bot level:easy|medium|hard` : le moteur, tout de suite (jamais classé).
    - `/oware accept` / `/oware decline` : répondre à un défi (ou ses boutons) ; `/oware cancel` retire le vôtre.
    - `/move c` (ou `move c`) : semer depuis la case c de votre rangée ; `#12` nomme une partie.
    - `/oware board [move:20]` : le plateau, ou après le coup 20 (`settings me board:my-side` : de votre côté) ; `/oware games` : les vôtres ; `/oware live` : celles d'ici.
    - `/oware resign` ; `/oware draw [decline]` : proposer, accepter ou refuser la nulle ; `/oware takeback [decline]` : idem pour reprendre un coup (amical) ; `/oware end` : sortir d'un cycle, chacun prend sa rangée (l'autre joueur confirme). `/oware abort` : annuler avant que les deux aient joué.
    - `/oware rematch` : la revanche, camps inversés ; `/oware rematch c7` : relancer un défi expiré.
    - `/oware advise d` : spectateur ? Conseillez une case au joueur au trait (les conseils sont décomptés) ; `advice:on` est le réglage par défaut des parties amicales.
    - `/oware leaderboard [global] [live] [page:2]` : les cotes d'ici ou de partout.
    - `/oware stats [@quelqu'un] [live] [history]` : cote, bilan, face-à-face, courbe ; `history` : 10 parties.
    - `/oware tournament`, `/oware help rules`. `/oware report #12 raison` : alerter les admins. Admins : `/oware settings`, `/oware admin` (`status`, modération).
help-more = **Autres commandes**
    - `/oware replay #12` : une partie en GIF, avec sa notation.
    - `/oware analyse #12` : l'analyse par le moteur d'une partie terminée ; `/oware leaderboard advisers [global]` : les meilleurs conseillers ; `/oware puzzle [daily]`, puis `/oware puzzle answer:c`.
    - `/oware link` : un code ; `/oware link CODE` sur un autre réseau relie vos comptes, qui partagent alors une seule cote, un export et un oubli (après confirmation) ; `/oware unlink` le défait.
    - `/oware web` : un lien à usage unique, pour vous seul, qui vous connecte aux pages web pour jouer depuis les pages de vos parties ; `/oware web logout-all` : vous déconnecter partout (Discord : sous `/oware settings`).
    - `/oware vacation 7d` (Discord : `/oware settings vacation`) : vos pendules par correspondance attendent, 30 jours par an ; `vacation off` : retour anticipé. `/oware settings me notify:dm` : un message privé quand c'est à vous de jouer.
    - `/oware privacy` : ce que le bot garde sur vous ; `/oware export` : tout, en privé ; `/oware forget-me` : tout effacer (Discord : les deux sous `/oware settings`).
    - Les parties classées de 10 coups ou plus changent les cotes (Glicko-2 ; `?` : provisoire). Les parties en direct (moins d'un jour par coup) et par correspondance ont des cotes à part : `speed:live|correspondence` sur `leaderboard` (par défaut correspondance) et `stats` (par défaut les deux).
    - `/oware settings me language:fr` : votre langue ; `/oware settings language:fr` : celle du lieu (admins). En texte, les commandes acceptent aussi des mots français : `/oware jouer`, `/coup c`, `/oware aide`, `/oware réglages`.
rules = **L'awalé (abapa)** : deux rangées de six cases, quatre graines dans chacune. Sud possède A–F (en bas), Nord a–f (en haut) ; on nomme toujours une case de sa propre rangée.
    - **Semer** : on prend toutes les graines d'une de ses cases et on en dépose une dans chaque case suivante, dans le sens inverse des aiguilles d'une montre (F→a, f→A) ; lors d'un tour complet (12 graines ou plus), on saute la case de départ.
    - **Prendre** : si la dernière graine tombe dans une case adverse qui en contient alors 2 ou 3, on les prend, et on continue avec les cases précédentes tant qu'elles sont adverses et contiennent 2 ou 3 graines.
    - **Grand chelem** : un coup qui prendrait toute la rangée adverse ne prend rien (variantes : `forbidden` l'interdit, `capture-all` prend tout).
    - **Nourrir l'adversaire** : si l'adversaire n'a plus de graines, il faut jouer un coup qui lui en donne ; si c'est impossible, on prend les graines de sa rangée et la partie s'arrête.
    - **Coups** : un coup est le tour d'un joueur ; les coups sont numérotés 1, 2, 3… pour les deux joueurs (la notation numérote les paires : son `n.` correspond aux coups 2n−1 et 2n).
    - **Fin** : le premier à 25 graines gagne ; à 24–24, la partie est nulle. **Répétition** : un coup qui ne prend rien et ramène une position déjà vue depuis la dernière prise arrête aussitôt la partie, dès la première fois, chacun prenant les graines de sa rangée (le bot prévient à côté d'un tel coup). Les joueurs peuvent aussi, d'un commun accord, sortir ainsi d'un cycle (`/oware end`).
admin = **Modération** (admins du serveur ; chaque action est inscrite au journal d'audit) :
    - `/oware admin status` : la santé du bot (shards, parties en cours, files d'attente).
    - `/oware admin abort #12 raison` : annuler une partie de ce serveur (non classée, sans résultat).
    - `/oware admin adjudicate #12 @vainqueur raison` : trancher une partie (classée comme tout résultat) ; `draw` au lieu de `@vainqueur` la déclare nulle.
    - `/oware admin ban @quelqu'un [jours|forever] raison` : l'empêcher de jouer ici (défier, accepter ou être défié), pour `jours` jours ou `forever` (jusqu'à levée) ; un nouveau bannissement sans jours garde sa fin. La raison est obligatoire.
    - `/oware admin unban @quelqu'un` : lever un bannissement. `/oware admin bans` : les bannissements en cours.
    - `/oware admin log` : les 20 dernières actions et signalements.
    - `/oware admin redeliver` : renvoyer les messages de ce serveur qui n'ont pas pu être livrés (`/oware admin status` les compte).
    - `/oware admin forget @quelqu'un raison` : effacer un joueur de ce serveur, comme le fait `/oware forget-me` (inscrit au journal sans son nom).
    Chacun peut signaler une partie aux admins avec `/oware report #12 raison`.
tournament = **Tournois** :
    - `/oware tournament create Ma Coupe format:round-robin|swiss rounds:3 time:3d rated:yes` : un nouveau tournoi (admins du serveur, ou tous si `/oware settings tournaments:anyone`) ; `double:yes` fait jouer un toutes rondes en aller-retour, camps inversés.
    - `/oware tournament join [T2]` / `leave` : s'inscrire, ou se retirer (à partir de la ronde suivante).
    - `/oware tournament start [T2]` : le créateur ou un admin le lance ; les parties de chaque ronde commencent d'elles-mêmes, annoncées ici, et la ronde suivante quand la dernière partie finit.
    - `/oware tournament standings [T2]` : le classement, départagé par Buchholz (Bh), Sonneborn-Berger (SB) et graines prises ; une partie perdue au temps compte comme une défaite ordinaire.

## Showing a game (src/service/view.rs)

view-clock-left = encore { $span }
view-clock-away = en vacances
view-clock = { $name }, { $clock }
view-clock-running = { $name }, { $clock } (en marche)
view-clocks = Pendules : { $south } – { $north }.
view-time-to-move = { $name } a { $span } pour jouer (jusqu'au { $until }).
view-time-to-move-away = { $name } est en vacances jusqu'au { $back } : son horloge attend jusque-là, et son temps s'écoule jusqu'au { $until }.
view-moves-played = { $ply ->
        [one] { $ply } coup joué
       *[other] { $ply } coups joués
    }
view-moves-played-next = { $ply ->
        [one] { $ply } coup joué
       *[other] { $ply } coups joués
    }, coup { $next } à venir
view-game-label = #{ $id } { $south } contre { $north }
view-repeats = **{ $pit }** répéterait une position antérieure, ce qui arrête aussitôt la partie, chacun prenant les graines de sa rangée : { $result }.
view-button-repeats = { $pit } ({ $seeds }) : fin, répétition
view-row-south = Sud, cases A–F
view-row-north = Nord, cases a–f
view-reason-winning-score = 25 graines atteintes
view-reason-no-legal-move = aucun coup ne pouvait nourrir la rangée vide ; chacun a pris ses graines
view-reason-repetition = la position s'est répétée ; chacun a pris ses graines
view-reason-agreement = arrêt d'un commun accord ; chacun a pris ses graines
view-reason-draw-agreed = nulle acceptée par les joueurs
view-reason-resignation = abandon
view-reason-timeout = au temps
view-reason-aborted = annulée
view-reason-adjudicated = décidé par un admin
view-result-aborted = Partie terminée : annulée, sans résultat (elle n'est pas classée).
view-by-resignation = par abandon
view-by-timeout = au temps
view-by-admin = sur décision d'un admin
view-by-agreement = par accord mutuel
view-result-won-by = Partie terminée : **{ $name }** gagne { $by }.
view-result-drawn-by = Partie terminée : nulle { $by }.
view-result-head-win = **{ $name }** gagne { $won }–{ $lost }
view-result-head-draw = nulle { $south }–{ $north }
view-result = Partie terminée : { $head } ({ $score } ; { $reason }).
view-summary-aborted = annulée
view-summary-won = { $name } a gagné { $won }–{ $lost }
view-summary-won-by = { $name } a gagné { $by }
view-summary-drawn-by = nulle { $by }
view-summary-drawn = nulle { $south }–{ $north }
view-summary-playing = toujours en cours
view-button-rematch = Revanche
view-button-analyse = Analyser
view-to-move = Score : { $score }. **{ $name }** au trait ({ $hint }).
view-move = **{ $name }** a joué **{ $pit }** ({ $sown ->
        [one] { $sown } graine semée
       *[other] { $sown } graines semées
    }).
view-move-lap = **{ $name }** a joué **{ $pit }** ({ $sown ->
        [one] { $sown } graine semée
       *[other] { $sown } graines semées
    }, un tour complet).
view-captured = { $seeds ->
        [one] { $seeds } graine prise
       *[other] { $seeds } graines prises
    } dans { $pits }.
view-grand-slam = Un grand chelem : selon les règles de cette partie, il ne prend rien.
game-side-south = Sud
game-side-north = Nord
game-rated = classée
game-casual = amicale
engine-level = { $level ->
    [easy] facile
    [hard] difficile
   *[medium] moyen
}

## Standings (src/service/standings.rs)

standings-puzzles = Problèmes : cote { $rating } (écart { $deviation }), { $solved ->
        [one] { $solved } résolu
       *[other] { $solved } résolus
    } sur { $attempts }.
standings-scope-global = tous les serveurs et réseaux
standings-scope-server = ce serveur
standings-scope-here = ici
standings-empty = Personne n'a encore terminé de partie classée { $speed ->
        [live] en direct
       *[other] par correspondance
    } { $scope ->
        [global] sur aucun serveur ni réseau
        [server] sur ce serveur
       *[here] ici
    }. Soyez le premier : { $speed ->
        [live] `/oware play @quelqu'un time:5+3` (5 minutes chacun, plus 3 secondes par coup)
       *[other] `/oware play @quelqu'un` (3 jours par coup)
    }.
standings-leaderboard = **Classement** ({ $scope }, cotes { $speed ->
        [live] en direct
       *[other] par correspondance
    }), page { $page } sur { $pages } :
standings-leaderboard-line = { $rank }. **{ $name }** { $rating } ({ $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    })
standings-provisional = `?` marque une cote provisoire.
standings-next-page = Page suivante : `/oware leaderboard { $options }page:{ $page }`.
standings-other-speed = { $speed ->
        [live] Parties en direct : `/oware leaderboard speed:live`.
       *[other] Parties par correspondance : `/oware leaderboard speed:correspondence`.
    }
standings-you-have = Vous n'avez
standings-name-has = { $name } n'a
standings-no-games = **{ $name }** : aucune partie pour l'instant.
    { $puzzles }
standings-stats = **{ $name }**, { $speed ->
        [live] en direct
       *[other] par correspondance
    } : cote { $rating } (écart { $deviation }). { $games ->
        [one] { $games } partie classée
       *[other] { $games } parties classées
    } : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    } ; { $seeds ->
        [one] { $seeds } graine prise
       *[other] { $seeds } graines prises
    } ; meilleure série de victoires { $best } (en cours { $streak }).
standings-stats-new = **{ $name }**, { $speed ->
        [live] en direct
       *[other] par correspondance
    } : cote { $rating } (pas encore de partie classée).
standings-h2h-none = Pas encore de partie terminée contre vous.
standings-h2h = Face à vous ({ $asker }), { $name } compte { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    } et { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }.
standings-chart = Courbe de cote pour { $name } ({ $speed ->
        [live] en direct
       *[other] par correspondance
    }) sur { $games ->
        [one] { $games } partie classée
       *[other] { $games } parties classées
    }, aujourd'hui { $rating }.
standings-chart-empty = Courbe de cote pour { $name } ({ $speed ->
        [live] en direct
       *[other] par correspondance
    }) : pas encore de partie classée.
standings-chart-title = { $name } ({ $speed ->
        [live] en direct
       *[other] correspondance
    })
standings-history = Dernières parties jouées par **{ $name }**, de la plus récente à la plus ancienne :
standings-in-progress = en cours, { $ply ->
        [one] { $ply } coup joué
       *[other] { $ply } coups joués
    }
standings-aborted = annulée
standings-drew = nulle { $mine }–{ $theirs }
standings-won = gagnée { $mine }–{ $theirs }
standings-lost = perdue { $mine }–{ $theirs }
standings-drew-by = nulle { $by }
standings-won-by = gagnée { $by }
standings-lost-by = perdue { $by }
standings-by-agreement = d'un commun accord
standings-history-line = - #{ $game } contre **{ $opponent }** ({ $side }, { $rated }, { $date }) : { $result }
standings-history-line-reason = - #{ $game } contre **{ $opponent }** ({ $side }, { $rated }, { $date }) : { $result }, { $reason }
standings-replay-hint = Revoyez-en une avec `/oware replay #numéro`.

## Moderation (src/service/moderation.rs)

moderation-adjudicate-usage = /oware admin adjudicate #12 @vainqueur raison (ou `draw` pour une nulle)
moderation-until-lifted = jusqu'à ce qu'un admin lève le bannissement
moderation-until = jusqu'au { $time }
moderation-ban-usage = /oware admin ban @quelqu'un [jours|forever] raison
moderation-until-unbanned = jusqu'à levée (`/oware admin unban`)
moderation-abort-why = un admin (**{ $admin }**) l'a annulée (« { $why } »)
moderation-aborted = La partie #{ $game } est annulée (non classée, sans résultat) ; ses joueurs en sont informés dans son fil.
moderation-verdict-win = **{ $name }** gagne
moderation-verdict-draw = c'est une nulle
moderation-decided-headline = La partie #{ $game } est tranchée par un admin (**{ $admin }**) : { $verdict }. Raison : { $why }
moderation-decided = La partie #{ $game } est tranchée : { $verdict }. Ses joueurs en sont informés dans son fil.
moderation-banned = **{ $name }** ne peut plus lancer ni accepter de parties sur ce serveur { $until }. Les parties en cours continuent.
moderation-unbanned = **{ $name }** peut de nouveau lancer des parties sur ce serveur.
moderation-redeliver-none = Aucun message de ce serveur n'est en échec de livraison : rien à renvoyer. Les messages encore en cours de tentative partent d'eux-mêmes.
moderation-redelivered = { $count ->
    [one] { $count } message non livré de ce serveur est remis en file
   *[other] { $count } messages non livrés de ce serveur sont remis en file
 } : chacun est retenté pendant encore 24 heures, à partir de maintenant.
moderation-redelivered-audit = { $count ->
    [one] { $count } message remis en file
   *[other] { $count } messages remis en file
 }
moderation-log-empty = Le journal d'audit de ce serveur est vide : aucune action d'admin ni aucun signalement pour l'instant.
moderation-log = **Journal d'audit** de ce serveur, { $entries ->
        [one] la dernière entrée
       *[other] les { $entries } dernières entrées, les plus récentes d'abord
    } (heures UTC) :
moderation-report-notice = **Signalement** de la partie #{ $game } ({ $south } contre { $north }) par { $author } : { $why }
moderation-reported = Merci : votre signalement de la partie #{ $game } est enregistré pour les admins de ce serveur.
moderation-reported-unchecked = Merci : votre signalement de la partie #{ $game } est enregistré pour les admins de ce serveur (`/oware admin log`). Il n'a pas été publié dans leur salon : ce salon n'a pas été réglé depuis lui-même, ici. Un admin le règle de nouveau avec `/oware settings moderators:here` dans ce salon.
moderation-reported-posted = Merci : votre signalement de la partie #{ $game } est enregistré pour les admins de ce serveur et publié dans leur salon.
moderation-log-when = Quand
moderation-log-who = Qui
moderation-log-what = Quoi
moderation-log-target = Partie/joueur
moderation-log-reason = Raison
# What an audit log row records (the action's code, as stored).
audit-action = { $action ->
    [abort] arrêt
    [adjudicate] arbitrage
    [ban] bannissement
    [forget] oubli
    [redeliver] renvoi
    [report] signalement
    [unban] fin de bannissement
   *[other] { $action }
}
moderation-bans-none = Personne n'est banni sur ce serveur. `/oware admin ban @quelqu'un raison` bannit quelqu'un.
moderation-bans = { $bans ->
    [one] **Bannis** sur ce serveur : { $bans } bannissement en cours (heures UTC). `/oware admin unban @quelqu'un` en lève un.
   *[other] **Bannis** sur ce serveur : { $bans } bannissements en cours, les plus récents d'abord (heures UTC). `/oware admin unban @quelqu'un` en lève un.
}
moderation-bans-who = Qui
moderation-bans-until = Jusqu'au
moderation-bans-since = Depuis
moderation-bans-by = Par
moderation-bans-forever = levée

## Puzzles (src/service/puzzles.rs)

puzzle-task-seeds = trouvez le coup qui gagne { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    } de plus que tout autre
puzzle-task-win = trouvez le coup gagnant
puzzle-none-yet = Il n'y a pas encore de problèmes : ils viennent des tables de finales, que le bot construit en arrière-plan à son premier démarrage (quelques minutes), et des gaffes des parties analysées. Réessayez dans quelques minutes.
puzzle-all-had = Vous avez eu tous les problèmes disponibles pour l'instant. Les nouveaux viennent des parties analysées (`/oware analyse`) : réessayez plus tard.
puzzle-daily = **Problème du jour** ({ $date }). { $puzzle }
puzzle-answered-already = Vous avez déjà répondu à celui-ci.
puzzle-daily-posted = Le problème du jour a déjà été publié ici ; le revoici, rien que pour vous.
puzzle-solvers = Résolu jusqu'ici : { $solvers }.
puzzle-solvers-nobody = personne pour l'instant
puzzle-shown = **Problème #{ $puzzle }** (cote { $rating }). **{ $side }** au trait ({ $pits }) ; graines prises jusqu'ici : Sud { $south }, Nord { $north }. { $task }. Répondez avec `/oware puzzle answer:<case>` ou un bouton.
puzzle-pits-south = cases A–F
puzzle-pits-north = cases a–f
puzzle-caption = Problème #{ $puzzle } : { $task }
puzzle-right = **Bravo**, { $name } : **{ $pit }** est le bon coup.
puzzle-try-again = **Pas tout à fait**, { $name } : { $pit } n'est pas le coup du problème n° { $puzzle }. Regardez encore et réessayez une fois (`/oware puzzle answer:<case>` ou un bouton) ; `/oware puzzle` abandonne et le compte comme non résolu.
puzzle-right-second = **Juste au second essai**, { $name } : **{ $pit }** est le coup. Il compte comme non résolu pour votre cote de problèmes.
puzzle-wrong = **Pas cette fois**, { $name } : ce n'est pas { $pit }. Le coup était **{ $solution }**.
puzzle-solved-daily = **{ $name }** a résolu le problème du jour.
puzzle-solved = **{ $name }** a résolu le problème #{ $puzzle }.
puzzle-skipped = Le problème #{ $puzzle } était encore ouvert, il compte donc comme non résolu (le coup était **{ $solution }**) : votre cote de problèmes { $before } → { $after }.
puzzle-result = { $verdict } Problème #{ $puzzle } ({ $task }) : la suite est { $line }.
    Votre cote de problèmes : { $before } → { $after } ({ $change }). Un autre : `/oware puzzle`.

## Jobs (src/service/jobs.rs)

jobs-no-first-move = **{ $name }** n'a pas joué de premier coup en { $span }
jobs-timeout = **{ $name }** a dépassé son temps dans la partie #{ $game } : **{ $winner }** gagne au temps.
jobs-idle = personne n'a joué dans une partie contre le moteur depuis { $span }
jobs-aborted = La partie #{ $game } est annulée : { $why }. Elle ne compte pour personne.
downtime-cause-bot = Le bot était absent
downtime-cause-network = { $network } était injoignable
downtime-extended = { $cause } pendant { $away }, les pendules se sont donc arrêtées : **{ $name }**, c'est toujours à vous de jouer dans la partie { $game }, avec votre temps prolongé d'autant, jusqu'au { $until }.
jobs-reminder = Rappel : **{ $name }**, c'est à vous de jouer dans la partie { $game }. Temps restant : { $span } (jusqu'au { $until }) ; ensuite la partie est perdue au temps.
jobs-expired = Le défi c{ $challenge } lancé par **{ $challenger }** à **{ $opponent }** a expiré : personne n'a répondu en { $span }. { $challenger } peut le relancer avec `/oware rematch c{ $challenge }`.
jobs-button-challenge-again = Relancer le défi

## Analysis (src/service/analysis.rs and src/service/analysis/)

analysis-started = Analyse de la partie { $game }… Le moteur examine chaque position ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }) ; l'analyse s'affichera ici.
analysis-under-way = La partie #{ $game } est déjà en cours d'analyse : l'analyse sera publiée là où elle a été demandée en premier. Ensuite, `/oware analyse #{ $game }` la montre aussitôt.
analysis-advice-verdict = { $verdict }
    L'analyse complète du moteur : `/oware analyse #{ $game }`.
judge-verdict = **Conseils jugés** ({ $plies ->
        [one] { $plies } coup conseillé
       *[other] { $plies } coups conseillés
    }) : les choix favoris des spectateurs auraient perdu { $top ->
        [one] { $top } graine
       *[other] { $top } graines
    } en tout, les joueurs { $played }.
judge-verdict-best = **Conseils jugés** ({ $plies ->
        [one] { $plies } coup conseillé
       *[other] { $plies } coups conseillés
    }) : les choix favoris des spectateurs auraient perdu { $top ->
        [one] { $top } graine
       *[other] { $top } graines
    } en tout, les joueurs { $played } ; meilleur conseiller : { $name }, dont les choix ont perdu { $average ->
        [one] { $average } graine
       *[other] { $average } graines
    } chacun en moyenne sur { $picks ->
        [one] { $picks } choix
       *[other] { $picks } choix
    } (la mesure du classement `/oware leaderboard advisers`).
judge-scope-everywhere = partout
judge-scope-here = ici
judge-none = Aucun conseiller n'a encore { $min ->
        [one] { $min } choix jugé
       *[other] { $min } choix jugés
    } { $scope }. Conseillez dans les parties des autres (`/oware advise d`) : quand une partie avec conseils se termine, le moteur juge chaque choix.
judge-leaderboard = **Meilleurs conseillers { $scope }** (graines perdues en moyenne par choix face au meilleur coup du moteur ; au moins { $min ->
        [one] { $min } choix jugé
       *[other] { $min } choix jugés
    }) :
judge-leaderboard-line = { $rank }. { $name } — { $average ->
        [one] { $average } graine
       *[other] { $average } graines
    } par choix, { $close } sur { $picks } à moins d'une graine du meilleur
report-class-inaccuracy = une imprécision
report-class-mistake = une erreur
report-class-blunder = une gaffe
report-title = **Analyse de la partie { $game }** ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }, selon le moteur).
    Précision : { $south } { $south_accuracy } %, { $north } { $north_accuracy } %.
report-turning-point-best = Tournant : coup { $move_number }, **{ $name }** a joué { $pit }, et dès lors le résultat n'a plus changé.
report-turning-point-close = Tournant : coup { $move_number }, **{ $name }** a joué { $pit }, à peine { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    } moins bien que { $best }, et dès lors le résultat n'a plus changé.
report-turning-point = Tournant : coup { $move_number }, **{ $name }** a joué { $pit }{ $mark } ({ $class }, { $seeds ->
        [one] { $seeds } graine perdue
       *[other] { $seeds } graines perdues
    } ; mieux valait { $best }), et dès lors le résultat n'a plus changé.
report-no-turning-point = Pas de tournant : le résultat se voyait dès le départ.
report-no-mistakes = Ni erreur ni gaffe (aucun coup n'a perdu 3 graines ou plus).
report-mistakes = Erreurs et gaffes (graines perdues ; la suite du moteur) :
report-mistake-line = { $move_number }. { $name } { $pit }{ $mark } −{ $seeds } : mieux { $best } ({ $line })
report-column-best = meill.
report-column-good = bon
report-column-inaccuracy = impr.
report-column-mistake = err.
report-column-blunder = gaffe
report-column-accuracy = préc.
report-column-south = S
report-column-north = N
report-graph-title = Partie #{ $game } · { $south } (Sud) contre { $north } (Nord)
report-blunder-caption = Coup { $move_number } : { $name } a joué { $pit }?? (−{ $seeds }) ; mieux { $best }
report-blunder-description = La plus grosse gaffe de la partie #{ $game } : { $caption }

## Challenges (src/service/challenges.rs and src/service/challenges/find.rs)

challenge-first = { $name } commence
challenge-first-random = un tirage au sort décide qui commence
challenge-no-reminders = { $time }, sans rappels
challenge-advice-on = conseils autorisés
challenge-advice-off = sans conseils
challenge-made = { $open ->
    [yes] **{ $challenger }** lance un défi ouvert : n'importe qui ici peut jouer (défi c{ $challenge } : { $variant }, { $rated }, { $time }, { $advice } ; { $first }). Acceptez-le avec `/oware accept` (ou le bouton) dans un délai de { $span }.
   *[no] **{ $challenger }** défie **{ $opponent }** à l'awalé (défi c{ $challenge } : { $variant }, { $rated }, { $time }, { $advice } ; { $first }). { $opponent } : acceptez avec `/oware accept` ou refusez avec `/oware decline` dans un délai de { $span }.
}
challenge-anyone = n'importe qui ici

## The beginner's lessons (src/service/learn.rs, src/play/lessons.rs)

lesson-shown = **Leçon { $number } sur { $count }.** { $teach }
    { "**" }Votre tâche :** { $task } Vous jouez Sud, la rangée du bas `A`–`F` : touchez une case, ou tapez `/oware learn { $lesson } c` avec sa lettre.
lesson-teach = { $topic ->
    [sowing] **Semer.** Un coup prend toutes les graines d'une de vos cases et les dépose une à une dans les cases suivantes, dans le sens inverse des aiguilles d'une montre : le long de votre rangée de `A` à `F`, puis le long de celle de Nord de `a` à `f`.
    [capture] **Prendre.** Si votre dernière graine tombe dans une case de Nord et que cette case contient alors 2 ou 3 graines, vous les prenez.
    [multiple] **Prise multiple.** Après une prise, regardez la case juste avant : si elle est à Nord et contient maintenant 2 ou 3 graines, vous la prenez aussi, et ainsi de suite en remontant la rangée de Nord.
    [feeding] **Nourrir l'adversaire.** Quand votre adversaire n'a plus aucune graine, vous devez lui en donner si vous le pouvez : un coup qui laisse sa rangée vide est interdit.
   *[grand-slam] **Grand chelem.** Un coup qui prendrait toutes les graines de la rangée de Nord ne prend rien du tout, selon les règles abapa : il faut laisser à Nord de quoi jouer.
}
lesson-task = { $topic ->
    [sowing] Trouvez la case dont la dernière graine tombe dans la case `c` de Nord.
    [capture] Trouvez le coup qui prend.
    [multiple] Trouvez le coup qui prend dans plus d'une case.
    [feeding] La rangée de Nord est vide : trouvez le coup qui la nourrit.
   *[grand-slam] Deux coups atteignent la rangée de Nord : trouvez celui dont la prise compte.
}
lesson-wrong = { $topic ->
    [sowing] Pas tout à fait : la dernière graine de { $pit } tombe en `{ $last }`.
    [capture] Pas tout à fait : { $pit } finit en `{ $last }` et ne prend rien.
    [multiple] Pas tout à fait : { $pit } { $captured ->
        [0] ne prend rien
        [one] ne prend que dans une case
       *[other] ne prend que dans une case
    }.
    [feeding] Pas tout à fait : { $pit } laisse Nord sans rien.
   *[grand-slam] Pas tout à fait : { $pit } prendrait toutes les graines de Nord, il ne prend donc rien (un grand chelem).
}
lesson-right = { $topic ->
    [sowing] Exact : { $pit } sème ses graines une à une et la dernière tombe en `c`.
    [capture] Exact : { $pit } amène une case de Nord à 2 ou 3 graines, et vous en prenez { $captured }.
    [multiple] Exact : { $pit } prend { $captured ->
        [one] { $captured } graine
       *[other] { $captured } graines
    } dans plusieurs cases en un seul coup.
    [feeding] Exact : { $pit } donne des graines à Nord, comme l'exigent les règles.
   *[grand-slam] Exact : { $pit } prend { $captured ->
        [one] { $captured } graine
       *[other] { $captured } graines
    } et laisse quelque chose à Nord, donc la prise compte.
}
lesson-again = Réessayez : `/oware learn { $lesson }`.
lesson-next = La suite : `/oware learn { $lesson }`.
lesson-finished = C'était votre dernière leçon : vous connaissez maintenant { $count ->
        [one] la règle de base
       *[other] les { $count } règles de base
    }. Jouez contre le moteur avec `/oware play @oware-bot level:easy`, ou contre n'importe qui ici avec `/oware play`.
lesson-all-done = Vous avez fait { $count ->
        [one] la leçon
       *[other] les { $count } leçons
    }. `/oware learn 3` en refait une ; `/oware play @oware-bot level:easy` est une première partie en douceur.

## "Your turn" direct messages (src/service/notify.rs)

notify-your-turn = À vous de jouer dans { $game } : **{ $opponent }** a joué { $pit }. Jouez avant le { $until }, dans { $link }. (`/oware settings me notify:off` arrête ces messages.)

## Your data (src/service/export.rs)

privacy = **Ce que le bot garde sur vous, et pourquoi**
    - Vos identifiants et noms affichés sur chaque réseau, et les comptes que vous avez liés : pour savoir qui joue et afficher votre nom.
    - Vos parties et vos coups, vos cotes et leur historique, vos inscriptions aux tournois : pour les jouer, et pour les notations, parties rejouées, classements.
    - Les conseils que vous avez donnés et leur qualité, vos essais de problèmes et votre cote de problèmes, les leçons réussies, vos réglages et vos congés.
    - Les signalements vous concernant et les actions des modérateurs (bannissements), dans le journal d'audit d'un serveur, pour ses admins.
    - Un code de liaison tant qu'il est valable ({ $link } min).
    - Vos liens de connexion web (10 min) et vos sessions web (30 jours, ou jusqu'à votre déconnexion ou `/oware web logout-all`), chacun gardé seulement sous forme d'empreinte.
    - Les messages envoyés par le bot et les événements de chat traités, pendant { $retention ->
        [one] { $retention } jour
       *[other] { $retention } jours
    } : pour les livrer, et pour n'exécuter chaque commande qu'une fois.
    - **Combien de temps :** les parties, les cotes et le reste sont gardés tant que le bot tourne, pour que notations et classements restent entiers.
    - **Les obtenir :** `/oware export` (Discord : `/oware settings export`) vous envoie tout, en privé.
    - **Les effacer :** `/oware forget-me` (Discord : `/oware settings forget-me`) vous efface : vos parties restent, jouées par un « joueur supprimé ».

export-nothing = Le bot ne garde encore rien sur vous : vous n'avez jamais joué, conseillé, résolu de problème ni changé de réglage ici.
export-ready = Voici tout ce que le bot garde sur vous et vos comptes liés : un fichier JSON, table par table, et { $games ->
    [0] aucune partie
    [1] votre partie
   *[other] vos { $games } parties
} en notation. Vous seul voyez ceci.
export-json = Tout ce que le bot garde sur vous, en JSON
export-records = { $games ->
    [1] Votre partie
   *[other] Vos { $games } parties
} en notation

## Forgetting someone (src/service/forget.rs)

forget-me-ask = **Vous effacer ?** Cela efface, sur tous les réseaux que vous avez liés : vos noms et identifiants, vos cotes et leur historique, les conseils que vous avez donnés, vos essais de problèmes, leçons, réglages, congés et codes de liaison. Vos parties restent, jouées par un « joueur supprimé », pour que vos adversaires gardent les leurs et leurs cotes. C'est sans retour : si vous rejouez, vous repartez de zéro.
    Pour continuer, appuyez sur **M'effacer**, ou tapez `/oware forget-me confirm` (Discord : `/oware settings forget-me confirm:True`).
forget-me-button = M'effacer
forget-me-done = C'est fait : le bot vous a oublié ({ $accounts ->
    [one] un compte
   *[other] { $accounts } comptes liés
}). { $games ->
    [0] Vous n'aviez aucune partie.
    [one] Votre partie reste, jouée par un « joueur supprimé ».
   *[other] Vos { $games } parties restent, jouées par un « joueur supprimé ».
} Si vous rejouez, vous repartez de zéro.
forget-me-unknown = Le bot ne garde rien sur vous : il n'y a rien à effacer.
forget-me-playing = Vous jouez { $games } : terminez ou abandonnez d'abord (`/oware resign #{ $first }`), pour que personne n'attende un joueur supprimé. Puis `/oware forget-me` à nouveau.
forget-me-tournaments = Vous êtes inscrit à { $names }, qui n'est pas fini : retirez-vous d'abord (`/oware tournament leave`), puis `/oware forget-me` à nouveau.
forget-me-banned = Un bannissement vous vise { $until } : il garde votre identifiant jusqu'à sa fin, pour qu'on ne puisse pas y échapper en se faisant oublier. Redemandez quand il aura pris fin, ou demandez aux admins de ce serveur.
admin-forget-usage = /oware admin forget @quelqu'un raison
admin-forgotten = **{ $name }** est oublié : ses noms, identifiants, cotes et le reste sont effacés. { $games ->
    [0] Il n'avait aucune partie.
    [one] Sa partie reste, jouée par un « joueur supprimé ».
   *[other] Ses { $games } parties restent, jouées par un « joueur supprimé ».
} Le journal d'audit garde le fait, pas son nom.
admin-forgotten-here = Les traces laissées par **{ $name }** sur ce serveur sont effacées : { $games ->
    [one] sa partie ici reste, jouée par un « joueur supprimé » ;
   *[other] ses { $games } parties ici restent, jouées par un « joueur supprimé » ;
} ses conseils, défis, bannissements et mentions au journal ici ont disparu. Son compte, ses cotes et tout le reste ailleurs restent : seuls lui-même (`/oware forget-me`) ou les propriétaires du bot peuvent les effacer. Il en est averti par message direct.
admin-forget-told = Un admin de `{ $place }` a effacé vos traces là-bas : vos parties y montrent désormais un « joueur supprimé », et vos conseils, défis et bannissements y ont disparu. Votre compte, vos cotes et vos parties ailleurs restent. Pour tout effacer, utilisez `/oware forget-me`.
admin-forget-playing = **{ $name }** joue { $games } : terminez d'abord ces parties (`/oware admin abort #12 raison`, ou laissez-les finir), puis effacez-le.
admin-forget-tournaments = **{ $name }** est inscrit à { $names }, qui n'est pas fini : il s'en retire (`/oware tournament leave`) ou le tournoi s'achève d'abord.
admin-forget-banned = **{ $name }** est banni { $until } : un bannissement garde son identifiant jusqu'à sa fin. `/oware admin unban @{ $name }` d'abord, si vous voulez l'effacer maintenant.
admin-forget-not-here = **{ $name }** n'a jamais joué de partie ici : un admin n'efface que ce que ce lieu garde, des personnes qui y ont joué (un défi ne suffit pas). Cette personne peut s'effacer partout elle-même avec `/oware forget-me`.
admin-forget-unknown = Le bot ne garde rien sur **{ $name }** : il n'y a rien à effacer.

## Vacations (src/service/vacation.rs)

vacation-status-here = Vous n'êtes pas en congés. Il vous reste { $left ->
        [one] { $left } jour
       *[other] { $left } jours
    } de congés sur { $allowance } (comptés sur les 365 derniers jours). `/oware vacation 7d` met en pause les pendules de vos parties par correspondance pendant une semaine ; les pendules en direct n'attendent jamais.
vacation-status-away = Vous êtes en congés jusqu'au { $until } : vos pendules par correspondance attendent jusque-là. `/oware vacation off` y met fin plus tôt et rend les jours non pris. Ensuite, il vous restera { $left ->
        [one] { $left } jour
       *[other] { $left } jours
    } sur { $allowance }.
vacation-started = Vous êtes en congés jusqu'au { $until }. { $games ->
    [0] Vous n'avez aucune partie par correspondance en ce moment ; tout tour qui commence d'ici là attendra votre retour.
    [one] Votre pendule dans votre partie par correspondance attend, et votre adversaire est prévenu.
   *[other] Vos pendules dans vos { $games } parties par correspondance attendent, et vos adversaires sont prévenus.
} { $left ->
    [one] Il vous reste { $left } jour de congés.
   *[other] Il vous reste { $left } jours de congés.
} `/oware vacation off` si vous revenez plus tôt.
vacation-ended = Bon retour : vos congés sont finis et { $back ->
    [0] aucun jour entier ne vous est rendu
    [one] 1 jour vous est rendu
   *[other] { $back } jours vous sont rendus
} ({ $left ->
    [one] { $left } restant
   *[other] { $left } restants
}). { $games ->
    [0] Vous n'avez aucune partie par correspondance en ce moment.
    [one] Votre pendule dans votre partie par correspondance repart, votre adversaire est prévenu.
   *[other] Vos pendules dans vos { $games } parties par correspondance repartent, vos adversaires sont prévenus.
}
vacation-started-game = **{ $name }** est en congés jusqu'au { $until } : dans la partie { $game }, sa pendule attend jusque-là (son tour commencera à son retour).
vacation-ended-game = **{ $name }** revient de congés plus tôt : dans la partie { $game }, sa pendule repart.

## The board's legend, shown once to each person (src/service/legend.rs)

legend = **Lire le plateau :** chaque nombre est le nombre de graines d'une case ; la rangée de Nord `f e d c b a` est en haut, celle de Sud `A B C D E F` en bas, et on sème dans le sens inverse des aiguilles d'une montre (A→F, puis a→f) ; le nombre après le nom d'un camp est le nombre de graines qu'il a prises. On nomme toujours une case de sa propre rangée.
challenge-ratings = Cotes { $speed ->
        [live] en direct
       *[other] par correspondance
    } : { $ratings }.
challenge-rating = { $name } { $rating }
challenge-button-accept = Accepter
challenge-button-decline = Refuser
challenge-closed-meanwhile = accepté, refusé ou retiré entre-temps
challenge-accepted = **{ $opponent }** accepte le défi lancé par **{ $challenger }** : la partie #{ $game } commence ({ $variant }, { $rated }, { $time }). **{ $south }** joue Sud (A–F) et commence ; **{ $north }** joue Nord (a–f).
challenge-thread = Awalé : { $challenger } contre { $opponent }
challenge-declined = **{ $opponent }** refuse le défi c{ $challenge } lancé par **{ $challenger }**.
challenge-withdrawn = **{ $challenger }** retire le défi c{ $challenge } lancé à **{ $opponent }**.
challenge-status-cancelled = retiré par son auteur
challenge-status-declined = refusé
challenge-status-expired = resté sans réponse à temps, il a expiré
challenge-status-accepted = déjà accepté
challenge-status-pending = toujours en attente de réponse
challenge-start-yourself = Lancez vous-même une partie avec `/oware play @quelqu'un`.
challenge-last-expired = Le défi c{ $challenge } lancé par { $challenger } a expiré : personne n'y a répondu à temps. { $start }
challenge-last-withdrawn = { $challenger } a retiré le défi c{ $challenge }, il n'y a donc rien à répondre. { $start }
challenge-last-closed = Votre dernier défi, c{ $challenge } lancé par { $challenger } : { $status }. { $start }
challenge-none-for-you = Personne ne vous a défié ici. { $start }
challenge-no-such = Il n'y a pas de défi c{ $challenge }. `/oware games` liste vos défis en attente.
challenge-is-yours = Le défi c{ $challenge } est le vôtre : attendez que { $opponent } réponde, ou retirez-le avec `/oware cancel`.
challenge-open-no-decline = Le défi c{ $challenge } est ouvert à tous ici : il n'y a rien à refuser. Acceptez-le avec `/oware accept c{ $challenge }`, ou laissez-le expirer.
challenge-not-for-you = Le défi c{ $challenge } est pour { $opponent }, pas pour vous. Défiez vous-même quelqu'un avec `/oware play @quelqu'un`.
challenge-not-yours-to-withdraw = Seul { $challenger } peut retirer le défi c{ $challenge } ; vous pouvez l'accepter ou le refuser.
challenge-none-to-withdraw = Vous n'avez aucun défi en attente à retirer. `/oware games` liste vos parties et vos défis.

## Playing (src/service/games.rs)

games-north-capital = ({ $letter } est votre { $lower } : une lettre désigne toujours votre propre rangée.)
games-board = Partie { $game } ({ $variant }, { $rated }), { $moves }.
games-board-after = Partie { $game } après le coup { $move } sur { $moves } : { $score }. { $turn }
games-board-after-start = Partie { $game } au départ, avant le coup 1 sur { $moves }. { $turn }
games-board-after-turn = **{ $name }** était au trait.
games-board-after-note = après le coup { $move }
games-board-after-now = `/oware board #{ $game }` la montre maintenant.

## Replays (src/service/replay.rs)

replay-text = Partie { $game } rejouée ({ $variant }, { $rated }) : { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    }, { $state }. La notation est jointe en texte (elle numérote les paires, comme toute notation : son `n.` correspond aux coups 2n−1 et 2n).
replay-gif = Partie #{ $game } rejouée en animation, { $south } (Sud) contre { $north } (Nord), { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    }.
replay-gif-last = L'animation montre les { $shown } derniers des { $plies } coups, à partir du coup { $first } ; la notation en texte les contient tous.
replay-record = Notation de la partie #{ $game }.

## Aborts, rematches and reissues (src/service/lifecycle.rs)

lifecycle-abort-why = **{ $name }** l'a annulée avant que les deux camps aient joué
lifecycle-aborted = La partie #{ $game } est annulée ; les deux joueurs en sont informés dans son fil.
lifecycle-no-rematch = Vous n'avez ici aucune partie terminée à rejouer. Lancez-en une avec `/oware play @quelqu'un`.
lifecycle-rematch-not-player = Seuls { $south } et { $north } peuvent demander la revanche de la partie #{ $game }.
lifecycle-rematch-active = La partie #{ $game } est toujours en cours : terminez-la d'abord (ou `/oware resign`).
lifecycle-reissue-none = Il n'y a pas de défi c{ $challenge }. Défiez quelqu'un avec `/oware play @quelqu'un`.
lifecycle-reissue-pending = Le défi c{ $challenge } attend toujours que { $opponent } réponde : `/oware cancel` le retire.
lifecycle-reissue-accepted = Le défi c{ $challenge } a été accepté : c'est la partie #{ $game }. Ensuite, `/oware rematch` rejoue.
lifecycle-reissue-declined = { $opponent } a refusé le défi c{ $challenge }. Pour redemander, défiez cette personne avec `/oware play`.
lifecycle-reissue-not-yours = Seul { $challenger } peut relancer le défi c{ $challenge } ; défiez vous-même quelqu'un avec `/oware play @quelqu'un`.

## Resigning and ending by agreement (src/service/conclude.rs)

conclude-resigned = **{ $name }** abandonne.
conclude-resign-confirm = Abandonner la partie #{ $game } contre **{ $opponent }** ? La partie se termine par votre défaite{ $rated ->
        [rated] , et elle est classée
        [short] , mais pas classée : avec moins de { $min ->
            [one] { $min } coup joué
           *[other] { $min } coups joués
        }, elle compte comme amicale
       *[other] {""}
    }. Appuyez sur **Abandonner #{ $game }** pour confirmer, ou tapez `/oware resign #{ $game } confirm` ; pour continuer, jouez simplement.
conclude-button-resign = Abandonner #{ $game }
conclude-engine-agrees = **{ $engine }** accepte d'arrêter la partie : il ne pense pas faire mieux en continuant. Chaque joueur prend les graines de sa rangée.
conclude-agreed = **{ $name }** accepte d'arrêter la partie ; chaque joueur prend les graines de sa rangée.
proposal-engine-declines = { $request ->
    [draw] **{ $engine }** refuse la nulle dans la partie #{ $game } : il pense faire mieux en continuant. La partie continue.
    [takeback] **{ $engine }** refuse de reprendre un coup dans la partie #{ $game }. La partie continue.
   *[end] **{ $engine }** refuse d'arrêter la partie #{ $game } : il pense faire mieux en continuant. La partie continue.
}
proposal-asked = { $request ->
    [takeback] **{ $name }** demande à reprendre son dernier coup dans la partie #{ $game }. **{ $other }** : acceptez avec `/oware takeback`, ou refusez avec `/oware takeback decline`. La demande expire au coup suivant.
   *[draw] **{ $name }** propose la nulle dans la partie #{ $game }. **{ $other }** : acceptez avec `/oware draw`, ou refusez avec `/oware draw decline`. La proposition expire au coup suivant.
}
proposal-button = { $accept ->
    [yes] { $request ->
        [takeback] Accepter la reprise
       *[draw] Accepter la nulle
    }
   *[no] Refuser
}
takeback-accepted = **{ $name }** accepte la reprise.
takeback-done = { $moves ->
    [one] **{ $name }** reprend son dernier coup (partie #{ $game }).
   *[other] **{ $name }** reprend son dernier coup et la réponse qui l'a suivi (partie #{ $game }).
}
proposal-draw-agreed = **{ $name }** accepte la nulle : la partie est nulle d'un commun accord.
proposal-dropped = { $withdrawn ->
    [yes] **{ $name }** retire sa { $request ->
        [takeback] demande de reprise
       *[draw] proposition de nulle
    } dans la partie #{ $game }. La partie continue.
   *[no] **{ $name }** refuse la { $request ->
        [takeback] reprise
       *[draw] nulle
    } dans la partie #{ $game }. La partie continue.
}
conclude-proposed = **{ $name }** propose d'arrêter la partie #{ $game } maintenant, chaque joueur prenant les graines de sa rangée (la sortie prévue par les règles pour un cycle sans fin ; ce n'est pas une proposition de nulle) : { $result }. **{ $other }** : tapez `/oware end` pour accepter ce résultat, ou continuez simplement à jouer.
conclude-would-win = **{ $winner }** gagnerait { $won }–{ $lost }
conclude-would-draw = ce serait une nulle, { $south }–{ $north }

## Ratings at a game's end (src/service/ending.rs)

ending-too-short = Cette partie classée s'est terminée après { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    }, moins de { $min }, elle compte donc comme amicale : les cotes ne changent pas.
ending-same-player = Non classée : les deux comptes appartiennent au même joueur (ils ont été liés avec `/oware link`).
ending-rating-change = { $name } { $before } → { $after } ({ $change })
ending-ratings = Cotes { $speed ->
        [live] en direct
       *[other] par correspondance
    } : { $changes }.

## Onlookers' advice (src/service/onlookers.rs and src/service/advice.rs)

onlookers-noted = Noté : vous conseillez **{ $pit }** à { $name } dans la partie #{ $game }, coup { $move_number }. { $tally }.
advice-player-in-own-game = vous jouez dans cette partie, vous ne pouvez donc pas y donner de conseil. Jouez votre propre coup avec /move, ou conseillez dans une partie que vous regardez
advice-off = les conseils sont désactivés dans cette partie. Regardez en silence, ou lancez votre propre partie avec advice:on
advice-game-over = cette partie est terminée, il n'y a donc rien à conseiller. Regardez une autre partie, ou revoyez celle-ci avec /oware replay
advice-not-legal = { $pit } n'est pas un coup permis maintenant. Proposez l'une de ces cases : { $legal }
advice-tally = Les spectateurs conseillent : { $votes }

## Listing one's games (src/service/listing.rs)

listing-empty = Vous n'avez ni partie en cours ni défi en attente. Lancez-en un avec `/oware play @quelqu'un`.
listing-games = { $turn ->
    [yours] À vous de jouer :
   *[theirs] En attente de vos adversaires :
}
listing-game = - { $game } ({ $variant } { $south }–{ $north }), { $moves }, { $turn } au trait
listing-game-engine = - { $game } ({ $variant }, moteur { $level } { $south }–{ $north }), { $moves }, { $turn } au trait
listing-live = Parties en cours ici (le dernier coup joué d'abord) :
listing-live-game = - { $game } ({ $south }–{ $north }), { $moves }, { $turn } au trait { $thread }
listing-live-more = … et d'autres : { $shown ->
        [one] seule la dernière jouée est montrée
       *[other] seules les { $shown } jouées le plus récemment sont montrées
    }.
listing-live-empty = Aucune partie ne se joue ici en ce moment. Lancez-en une avec `/oware play @quelqu'un`, ou regardez la prochaine.
listing-challenges = Défis en attente :
listing-challenge = - défi c{ $challenge } : { $challenger } a défié { $opponent } ({ $variant })

## Archiving threads (src/service/archive.rs)

archive-thread = La partie #{ $game } est terminée, ce fil est donc archivé ; la partie reste dans `/oware stats history` (revoyez-la avec `/oware replay #{ $game }`).

## Settings (src/service/settings.rs)

settings-key-channels = où les parties peuvent commencer : `here`, des identifiants ou mentions de salons, ou `anywhere`
settings-key-time = la cadence par défaut : `3d`, `10m`, `5+3`, `none`, ou `default`
settings-key-rated = si les parties sont classées par défaut : `yes`, `no` ou `default`
settings-key-advice = si les spectateurs peuvent conseiller dans les parties amicales par défaut : `yes`, `no`, `default`
settings-key-threads = si chaque partie a son propre fil : `yes` ou `no`
settings-key-moderators = le salon où les signalements des joueurs sont publiés : `here` (réglé depuis ce salon) ou `none`
settings-key-archive = combien de temps le fil d'une partie terminée reste ouvert : `1h`, `1d` (de `1m` à `30d`), `never`, ou `default` (1 jour)
settings-key-tournaments = qui peut créer des tournois : `admins` (par défaut) ou `anyone`
settings-key-language = la langue des messages du bot : `en` (par défaut), ou une autre qu'il connaît, comme `fr`
settings-bad-value = `{ $key }:{ $value }` n'est pas un réglage que je connais. `{ $key }` est { $expected }.
settings-bad-language = `language:{ $value }` n'est pas une langue que je parle : je connais { $languages }.
settings-no-such-key = Il n'y a pas de réglage `{ $key }`. Les réglages sont { $keys }.
settings-rated-needs-clock = Une partie classée demande une pendule : avec `rated:yes`, réglez `time` sur une pendule comme `3d` ou `5+3` (ou laissez `default`).
my-settings-shown = **Vos réglages** (vous seul les voyez ; changez-les avec `/oware settings me clé:valeur`) :
my-settings-changed = Vos réglages ont changé ({ $changes }).
my-settings-board-south = south : les plateaux montrent la rangée de Nord en haut, comme tout le monde les voit (par défaut)
my-settings-board-my-side = my-side : quand vous jouez Nord, vos propres plateaux (`/oware board`) montrent votre rangée en bas
my-settings-bad-board = `board:{ $value }` n'est pas un choix possible : `board:my-side` montre votre propre rangée en bas quand vous jouez Nord, `board:south` montre chaque plateau comme tout le monde le voit.
my-settings-notify-off = off : le fil de la partie vous dit quand c'est à vous de jouer (par défaut)
my-settings-notify-dm = dm : un message privé chaque fois qu'une partie par correspondance attend votre coup
my-settings-bad-notify = `notify:{ $value }` n'est pas un choix possible : `notify:dm` vous envoie un message privé chaque fois qu'une partie par correspondance attend votre coup, `notify:off` les arrête.
my-settings-language-default = par défaut : la langue du lieu (sur Discord, celle de votre application quand je la connais)
my-settings-bad-language = `language:{ $value }` n'est pas une langue que je parle : je connais { $languages }, ou `default` pour celle du lieu.
my-settings-no-such-key = Il n'y a pas de réglage personnel `{ $key }`. Les vôtres sont { $keys } ; les réglages d'un serveur sont `/oware settings clé:valeur`.
settings-yes = oui
settings-no = non
settings-default = par défaut ({ $default })
settings-anywhere = partout
settings-time-default = par défaut (3 j par coup entre joueurs)
settings-rated-default = oui avec une pendule
settings-advice-default = oui dans les parties amicales
settings-moderators-elsewhere = Le salon des modérateurs doit être un salon de ce serveur (Discord), ou un salon où se trouve le bot et dont vous êtes aussi admin (Matrix, par son identifiant `!salon:serveur`). Ou tapez `/oware settings moderators:here` dans ce salon.
settings-moderators-none = aucun (signalements seulement dans le journal d'audit)
settings-tournaments-anyone = tout le monde en crée
settings-tournaments-admins = les admins en créent
settings-archive-never = jamais
settings-archive-after = après { $span }
settings-shown = **Réglages** de ce lieu (les admins les changent avec `/oware settings clé:valeur` ; ils valent pour les nouvelles parties) :

## Web settings (src/service/settings/values.rs)

settings-key-web = qui voit les pages web des parties de ce lieu : `unlisted` (par défaut : seulement par les liens du bot, cachées aux moteurs de recherche), `public` (aussi listées sur les pages des joueurs et du classement) ou `off` (aucune page)
settings-web-unlisted = non listées (seulement par les liens du bot)
settings-web-public = publiques
settings-web-off = désactivées (aucune page)

## The web pages (src/web/).

web-not-found = Il n'y a pas de page ici. Les pages des parties se partagent par les liens du bot.
web-busy = Les pages sont très demandées en ce moment. Réessayez dans quelques secondes.
web-home = Voici le site web d'oware-bot : les pages des parties se partagent par les liens du bot dans le chat.
web-game-title = Partie d'awalé n° { $game } : { $south } contre { $north }
web-to-move = { $player } au trait
web-board = Plateau
web-steps = Parcourir les coups
web-first = Position de départ
web-prev = Coup précédent
web-next = Coup suivant
web-last = Dernière position
web-move-shown = Coup
web-keys = flèches : coup précédent / suivant ; Début / Fin : première / dernière position
web-south = Sud
web-north = Nord
web-score = Graines prises
web-time = Cadence
web-moves = Coups
web-record = Télécharger la notation de la partie
web-link = À suivre et à rejouer sur le web : { $url }
console-web = Chat console d'awalé, avec les pages web des parties sur { $url } (WEB_ADDR change l'adresse ; WEB_ADDR=off les désactive).
web-place-link = Le classement de ce lieu, ses tournois et ses parties en cours, sur le web : { $url }
web-place-title = Classement (parties { $speed ->
        [live] en direct
       *[other] par correspondance
    })
web-place-other = Le classement des parties { $speed ->
        [live] en direct
       *[other] par correspondance
    }
web-place-standings = Classement
web-place-nobody = Personne n'a encore terminé de partie classée à cette cadence ici.
web-place-player = Joueur
web-place-rating = Cote
web-place-record = Gagnées–nulles–perdues
web-place-live = Parties en cours
web-place-no-games = Aucune partie ne se joue ici en ce moment.
web-place-moves = { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }
web-player-title = { $name } à l'awalé
web-player-rating = Cote ({ $speed ->
        [live] en direct
       *[other] correspondance
    })
web-player-games = Parties dans les lieux publics
web-player-game = Partie n° { $game }
web-player-won = { $how ->
        [resignation] gagnée par abandon
        [timeout] gagnée au temps
        [adjudicated] gagnée sur décision d'un admin
        [no-legal-move] gagnée quand aucun coup ne pouvait nourrir la rangée vide
        [repetition] gagnée sur répétition de la position
        [agreement] gagnée à l'arrêt de la partie d'un commun accord
       *[winning-score] gagnée avec 25 graines
    }
web-player-lost = { $how ->
        [resignation] perdue par abandon
        [timeout] perdue au temps
        [adjudicated] perdue sur décision d'un admin
        [no-legal-move] perdue quand aucun coup ne pouvait nourrir la rangée vide
        [repetition] perdue sur répétition de la position
        [agreement] perdue à l'arrêt de la partie d'un commun accord
       *[winning-score] perdue : l'adversaire a atteint 25 graines
    }
web-player-drawn = { $how ->
        [draw-agreed] nulle par accord mutuel
        [adjudicated] nulle sur décision d'un admin
        [no-legal-move] nulle quand aucun coup ne pouvait nourrir la rangée vide
        [repetition] nulle sur répétition de la position
       *[agreement] nulle à l'arrêt de la partie d'un commun accord
    }
web-player-aborted = annulée, sans résultat
web-player-charts = L'évolution de la cote
web-player-chart = Cote { $speed ->
        [live] en direct
       *[other] par correspondance
    } sur { $games ->
        [one] { $games } partie classée
       *[other] { $games } parties classées
    } : de { $first } à { $last }.
web-puzzle-title = Le problème du { $day }
web-puzzle-none = Personne n'a encore demandé le problème du jour ici : `/oware puzzle daily` dans le chat le choisit.
web-puzzle-task = Problème n° { $puzzle } : { $task }
web-puzzle-show = Voir la solution
web-puzzle-solution = Jouez { $pit }. La suite : { $line }.
web-puzzle-hidden = Sa solution paraîtra ici demain : répondez-y aujourd'hui dans le chat avec `/oware puzzle daily`, puis `/oware puzzle answer:<case>`.
web-puzzle-yesterday = Le problème d'hier, n° { $puzzle } : { $task }
web-place-puzzle = Le problème du jour
web-review = Analyse
web-review-accuracy = Précision : { $south } { $south_accuracy } %, { $north } { $north_accuracy } %.
web-review-graph-alt = La courbe d'évaluation : au-dessus de la ligne du milieu, Sud est mieux ; en dessous, Nord ; les erreurs et les gaffes sont marquées.
web-review-graph-hint = Touchez la courbe pour voir la position à ce coup.
web-review-graph-jump = La position après le coup { $ply }
web-review-clean = Aucun coup n'a perdu de graines par rapport au meilleur coup du moteur.
web-review-note = ({ $player }) : { $class }, { $seeds ->
        [one] { $seeds } graine perdue
       *[other] { $seeds } graines perdues
    } ; { $best } était meilleur.
web-place-tournaments = Tournois
web-place-pairings = Les appariements de la ronde
web-place-bye = { $player } : exempt

## Se connecter aux pages web (src/service/signin.rs, src/web/session.rs)

web-signin-link = Votre lien de connexion aux pages web : { $url }
    Il ne sert qu'une fois, dans les { $minutes } { $minutes ->
        [one] minute
       *[other] minutes
    } ; gardez-le pour vous. Connecté, vous jouez depuis les pages de vos parties. `/oware web logout-all` vous déconnecte partout.
web-signin-unavailable = Les pages web ne sont pas disponibles ici : ce bot n'a pas d'adresse web publique. Son propriétaire peut définir `WEB_PUBLIC_URL` (et `WEB_ADDR`, où les pages écoutent) pour les activer. En attendant, jouez dans le chat.
web-signin-off-here = Les pages web sont désactivées dans ce lieu (`web:off`). Ses admins peuvent les activer avec `/oware settings web:unlisted` ; ou tapez `/oware web` là où les pages sont actives.
web-signout-all = { $count ->
        [0] Vous n'aviez aucune session web ouverte
        [one] { $count } session web fermée
       *[other] { $count } sessions web fermées
    } ; les liens de connexion pas encore utilisés ne marchent plus. `/oware web` en donne un nouveau.
web-signin-title = Se connecter à oware-bot
web-signin-prompt = Ce lien vous connecte aux pages web avec le compte qui l'a demandé dans le chat. Il ne sert qu'une fois.
web-signin-button = Se connecter
web-signin-invalid = Ce lien de connexion ne marche pas : il a déjà servi, ou il a expiré (un lien dure 10 minutes). Tapez `/oware web` dans le chat pour en avoir un nouveau.
web-signed-in = Connecté en tant que { $name }.
web-signed-out = Vous êtes déconnecté. `/oware web` dans le chat vous reconnecte.
web-signout-button = Se déconnecter
web-forbidden = Cette requête a été refusée : elle ne venait pas d'une page de ce site, ou votre session a pris fin. Rechargez la page (ou reconnectez-vous avec `/oware web` dans le chat) et réessayez.
web-your-move = À vous de jouer : choisissez une case à semer
web-pit-label = Semer la case { $pit }, { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
web-move-no-pit = Ce n'est pas une de vos cases : appuyez sur un des boutons de case de la page.
web-move-not-player = Vous ne jouez pas dans cette partie : seuls ses deux joueurs jouent depuis cette page.
web-move-refused = Votre coup n'a pas été joué
web-actions = La partie
web-resign-button = Abandonner
web-resign-confirm-button = Oui, abandonner
web-resign-keep = Non, continuer la partie
web-draw-offer-button = Proposer la nulle
web-takeback-ask-button = Demander à reprendre mon dernier coup
web-accept-button = Accepter
web-decline-button = Refuser
web-withdraw-button = Retirer
web-rematch-button = Revanche
web-pending-theirs = { $request ->
        [draw] { $name } propose la nulle.
       *[takeback] { $name } demande à reprendre son dernier coup.
    }
web-pending-mine = { $request ->
        [draw] Vous avez proposé la nulle ; { $name } n'a pas encore répondu.
       *[takeback] Vous avez demandé à reprendre votre dernier coup ; { $name } n'a pas encore répondu.
    }
web-act-refused = Cela n'a pas été fait
web-act-not-player = Vous ne jouez pas dans cette partie : seuls ses deux joueurs abandonnent, proposent la nulle ou demandent une reprise depuis cette page. Ouvrez plutôt une de vos parties.
web-act-unknown = Cette page ne connaît pas cette demande : rechargez la page et appuyez sur un de ses boutons.
web-pit = Case { $pit } : { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
web-flip = Retourner le plateau
web-try-start = Essayer des coups à partir d'ici
web-trying = Essai : { $moves }, à partir du coup { $ply }
web-trying-none = Essai de coups à partir du coup { $ply } : appuyez sur une case du camp au trait pour la semer.
web-try-back = retour à la partie
web-try-undo = annuler le dernier
web-try-refused = Le coup { $number } des coups essayés, { $pit }, n'a pas été joué. { $why }
web-try-malformed = Les coups à essayer s'écrivent avec les lettres des cases : de A à F pour les cases de Sud, de a à f pour celles de Nord, comme dans c B a.
web-try-too-long = { $max ->
        [one] Vous pouvez essayer un coup au plus à la fois : revenez à la partie et essayez-en moins.
       *[other] Vous pouvez essayer { $max } coups au plus à la fois : revenez à la partie et essayez-en moins.
    }

## Lancer des parties depuis la page d'un lieu (src/web/place_play.rs, src/service/web_start.rs)

web-place-challenges = Défis à accepter
web-place-no-challenges = Aucun défi n'attend ici en ce moment. Lancez-en un dans le chat : `/oware play` sans nommer personne défie tout le monde ici.
web-place-challenge-open = { $challenger } défie qui veut ici : { $variant }, { $rated }, { $time }.
web-place-challenge-you = { $challenger } vous défie : { $variant }, { $rated }, { $time }.
web-place-challenge-yours = C'est le vôtre : il attend que quelqu'un l'accepte.
web-place-signin = Connectez-vous avec `/oware web` dans le chat pour accepter un défi ou jouer contre le moteur depuis cette page.
web-place-no-account = Vous êtes connecté sans compte sur le réseau de ce lieu : seuls ses propres joueurs y lancent des parties. Tapez `/oware web` dans le chat de ce lieu pour vous connecter avec votre compte sur ce réseau.
web-engine-legend = Jouer contre le moteur
web-engine-level = Niveau
web-engine-button = Jouer contre le moteur
web-start-refused = Aucune partie n'a été lancée
web-engine-absent = Le moteur n'est pas sur ce réseau pour l'instant : réessayez dans une minute, ou défiez-le dans le chat avec `/oware play @bot`.
web-engine-no-channel = Cette page ne sait pas dans quel salon de ce serveur jouer : lancez d'abord une partie dans le chat de ce salon (`/oware play @bot`), ou demandez à un admin de nommer les salons de jeu avec `/oware settings channels:…`.

## Demander au moteur, sur la page d'une partie (src/web/engine.rs, src/service/page_engine.rs)

web-engine-ask = Demander au moteur
web-engine-seen = Le moteur ({ $depth ->
        [one] un coup de profondeur
       *[other] { $depth } coups de profondeur
    }) : { $even ->
        [yes] position à peu près égale.
       *[no] { $name } ({ $side ->
            [south] Sud
           *[north] Nord
        }) mène d'environ { $seeds ->
            [one] { $seeds } graine
           *[other] { $seeds } graines
        }.
    } Meilleur coup : { $best } ; sa suite : { $line }.
web-engine-try-line = Essayer cette suite sur le plateau d'étude
web-engine-over = La partie est finie dans cette position : le moteur n'a rien à chercher.
web-engine-busy = Le moteur répond à un autre visiteur en ce moment. Redemandez dans quelques secondes.
web-engine-too-often = { $seconds ->
        [one] Vous avez interrogé le moteur souvent en peu de temps : redemandez dans une seconde.
       *[other] Vous avez interrogé le moteur souvent en peu de temps : redemandez dans { $seconds } secondes.
    }
web-watching = { $count ->
        [one] Personne d'autre n'a cette partie ouverte.
       *[other] { $count } personnes ont cette partie ouverte.
    }
