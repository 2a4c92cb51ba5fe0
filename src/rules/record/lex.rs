//! Splits a record into tokens: tags, move numbers, moves and results. Comments
//! (`{…}` and `;` to the end of the line) and variations (`(…)`) are skipped.

use super::RecordError;
use crate::rules::Pit;

/// One meaningful piece of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    /// `[Name "value"]`, the value unescaped.
    Tag(String, String),
    /// `12.` or `12...`.
    MoveNumber(u32),
    /// A pit letter and the capture count written after it, if any.
    Move(Pit, Option<u8>),
    /// `25-17` (`Some`) or `*` (`None`).
    Result(Option<[u8; 2]>),
}

/// The tokens of `text`, each with its line number.
pub(super) fn tokens(text: &str) -> Result<Vec<(usize, Token)>, RecordError> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
    };
    let mut out = Vec::new();
    while let Some(c) = lexer.peek() {
        let line = lexer.line;
        match c {
            c if c.is_whitespace() => lexer.bump(),
            '{' => lexer.skip_until('}', "comment")?,
            '(' => lexer.skip_variation()?,
            ';' => {
                while lexer.peek().is_some_and(|c| c != '\n') {
                    lexer.bump();
                }
            }
            '[' => out.push((line, lexer.tag()?)),
            _ => {
                let word = lexer.word();
                words(&word, line, &mut out)?;
            }
        }
    }
    Ok(out)
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Lexer {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) {
        if self.peek() == Some('\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    /// Skips from the opening character past `close`.
    fn skip_until(&mut self, close: char, what: &'static str) -> Result<(), RecordError> {
        let line = self.line;
        self.bump();
        while let Some(c) = self.peek() {
            self.bump();
            if c == close {
                return Ok(());
            }
        }
        Err(RecordError::Unterminated { line, what, close })
    }

    /// Skips a variation, which may nest and hold comments.
    fn skip_variation(&mut self) -> Result<(), RecordError> {
        let line = self.line;
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                '{' => {
                    self.skip_until('}', "comment")?;
                    continue;
                }
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            self.bump();
            if depth == 0 {
                return Ok(());
            }
        }
        Err(RecordError::Unterminated {
            line,
            what: "variation",
            close: ')',
        })
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Result<Token, RecordError> {
        let line = self.line;
        let bad = RecordError::BadTag { line };
        self.bump();
        self.skip_spaces();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|&c| c.is_alphanumeric() || c == '_') {
            name.push(c);
            self.bump();
        }
        self.skip_spaces();
        if name.is_empty() || self.peek() != Some('"') {
            return Err(bad);
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None => {
                    return Err(RecordError::Unterminated {
                        line,
                        what: "tag",
                        close: '"',
                    })
                }
                Some('"') => break,
                Some('\\') => {
                    self.bump();
                    if let Some(c) = self.peek() {
                        value.push(c);
                        self.bump();
                    }
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.bump();
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(bad);
        }
        self.bump();
        Ok(Token::Tag(name, value))
    }

    /// A run of characters up to whitespace or a character that starts something else.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self
            .peek()
            .filter(|&c| !c.is_whitespace() && !"{}()[];".contains(c))
        {
            word.push(c);
            self.bump();
        }
        if word.is_empty() {
            // A stray closing `}`, `)` or `]`: report it as a word of its own.
            if let Some(c) = self.peek() {
                word.push(c);
                self.bump();
            }
        }
        word
    }
}

/// Reads one word, which may be a move number glued to a move (`1.C`).
fn words(word: &str, line: usize, out: &mut Vec<(usize, Token)>) -> Result<(), RecordError> {
    let bad = || RecordError::BadWord {
        line,
        word: word.chars().take(16).collect(),
    };
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (number, rest) = word.split_at(digits);
    if !number.is_empty() {
        if let Some((south, north)) = rest.strip_prefix('-').map(|n| (number, n)) {
            let score = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= 48);
            let scores = score(south).zip(score(north)).ok_or_else(bad)?;
            out.push((line, Token::Result(Some([scores.0, scores.1]))));
            return Ok(());
        }
        let after_dots = rest.trim_start_matches('.');
        if after_dots.len() == rest.len() {
            return Err(bad());
        }
        out.push((line, Token::MoveNumber(number.parse().map_err(|_| bad())?)));
        if after_dots.is_empty() {
            return Ok(());
        }
        return words(after_dots, line, out);
    }
    if word == "*" {
        out.push((line, Token::Result(None)));
        return Ok(());
    }
    let mut chars = word.chars();
    let pit = chars.next().and_then(Pit::from_letter).ok_or_else(bad)?;
    let rest = chars.as_str();
    let captured = if rest.is_empty() {
        None
    } else {
        let count = rest.strip_prefix('+').ok_or_else(bad)?;
        let valid = !count.is_empty() && count.chars().all(|c| c.is_ascii_digit());
        Some(count.parse::<u8>().ok().filter(|_| valid).ok_or_else(bad)?)
    };
    out.push((line, Token::Move(pit, captured)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pit(c: char) -> Pit {
        Pit::from_letter(c).expect("a pit letter")
    }

    #[test]
    fn reads_tags_numbers_moves_and_results_and_skips_comments() {
        let text = "[South \"Ama \\\"Ace\\\" Mensah\"]\n{a comment\nover lines}\n\
                    1.C d+3 (1... e) ; to the end of the line\n2... a 25-17";
        let got = tokens(text).expect("a valid record");
        assert_eq!(
            got,
            vec![
                (1, Token::Tag("South".into(), "Ama \"Ace\" Mensah".into())),
                (4, Token::MoveNumber(1)),
                (4, Token::Move(pit('C'), None)),
                (4, Token::Move(pit('d'), Some(3))),
                (5, Token::MoveNumber(2)),
                (5, Token::Move(pit('a'), None)),
                (5, Token::Result(Some([25, 17]))),
            ]
        );
        assert_eq!(
            tokens("  *  ").expect("valid"),
            vec![(1, Token::Result(None))]
        );
    }

    #[test]
    fn refuses_malformed_pieces_with_their_line() {
        let err = |text: &str| tokens(text).expect_err("malformed");
        assert_eq!(
            err("\n\nA G"),
            RecordError::BadWord {
                line: 3,
                word: "G".into()
            }
        );
        assert!(matches!(err("A+"), RecordError::BadWord { .. }));
        assert!(matches!(err("A+-1"), RecordError::BadWord { .. }));
        assert!(matches!(err("A3"), RecordError::BadWord { .. }));
        assert!(matches!(err("12"), RecordError::BadWord { .. }));
        assert!(matches!(err("49-0"), RecordError::BadWord { .. }));
        assert_eq!(err("[South Ama]"), RecordError::BadTag { line: 1 });
        assert_eq!(err("[ \"x\"]"), RecordError::BadTag { line: 1 });
        assert_eq!(
            err("\nA {never closed"),
            RecordError::Unterminated {
                line: 2,
                what: "comment",
                close: '}'
            }
        );
        assert_eq!(
            err("A (b (c) d"),
            RecordError::Unterminated {
                line: 1,
                what: "variation",
                close: ')'
            }
        );
        assert_eq!(
            err("[Event \"open"),
            RecordError::Unterminated {
                line: 1,
                what: "tag",
                close: '"'
            }
        );
        assert!(matches!(err("A }"), RecordError::BadWord { .. }));
    }
}
