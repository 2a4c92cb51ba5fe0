//! The command words the text parser knows: each command's English words, then its
//! French ones (`!oware jouer @bob`, `!coup c`). Every word works on every platform
//! and in every language; a typo is matched against all of them (`typo.rs`).

/// The commands, each with its aliases: the English words, then the French ones
/// (`!oware jouer @bob`, `!coup c`), accepted on every platform in every language.
pub(super) const COMMANDS: &[(&str, &[&str])] = &[
    ("play", &["play", "challenge", "jouer", "défier", "defier"]),
    ("accept", &["accept", "accepter"]),
    ("decline", &["decline", "refuser"]),
    ("cancel", &["cancel", "withdraw", "retirer"]),
    ("move", &["move", "m", "coup", "semer"]),
    ("board", &["board", "show", "plateau"]),
    ("resign", &["resign", "abandonner"]),
    ("end", &["end", "agree", "arrêter", "arreter"]),
    ("draw", &["draw", "nulle"]),
    ("takeback", &["takeback", "undo", "reprendre"]),
    ("games", &["games", "list", "parties"]),
    ("live", &["live", "watch", "direct"]),
    (
        "vacation",
        &[
            "vacation", "holiday", "holidays", "away", "congés", "conges", "vacances",
        ],
    ),
    ("export", &["export", "my-data", "mydata", "exporter"]),
    (
        "privacy",
        &["privacy", "gdpr", "confidentialité", "confidentialite"],
    ),
    (
        "forget-me",
        &["forget-me", "forgetme", "forget", "oublier", "m-oublier"],
    ),
    ("advise", &["advise", "advice", "suggest", "conseiller"]),
    ("leaderboard", &["leaderboard", "top", "classement"]),
    ("stats", &["stats", "statistiques"]),
    ("history", &["history", "historique"]),
    ("replay", &["replay", "revoir"]),
    ("link", &["link", "lier"]),
    ("unlink", &["unlink", "délier", "delier"]),
    ("web", &["web", "signin", "sign-in", "login", "connexion"]),
    ("abort", &["abort", "annuler"]),
    ("rematch", &["rematch", "revanche"]),
    ("reissue", &["reissue", "again", "relancer"]),
    (
        "analyse",
        &["analyse", "analyze", "analysis", "review", "analyser"],
    ),
    ("advisers", &["advisers", "advisors", "conseillers"]),
    (
        "puzzle",
        &["puzzle", "puzzles", "problème", "probleme", "problèmes"],
    ),
    (
        "solve",
        &["solve", "answer", "répondre", "repondre", "réponse"],
    ),
    (
        "learn",
        &[
            "learn",
            "lesson",
            "lessons",
            "tutorial",
            "apprendre",
            "leçon",
            "lecon",
            "leçons",
        ],
    ),
    ("rules", &["rules", "règles", "regles"]),
    ("status", &["status", "état", "etat"]),
    (
        "settings",
        &["settings", "setting", "config", "réglages", "reglages"],
    ),
    ("admin", &["admin"]),
    ("report", &["report", "signaler"]),
    (
        "tournament",
        &[
            "tournament",
            "tournaments",
            "tourney",
            "tournoi",
            "tournois",
        ],
    ),
    ("help", &["help", "aide"]),
];

/// The command `word` names, in any case and either language.
pub(super) fn command_name(word: &str) -> Option<&'static str> {
    let lower = word.to_lowercase();
    COMMANDS
        .iter()
        .find(|(_, aliases)| aliases.contains(&lower.as_str()))
        .map(|(name, _)| *name)
}
