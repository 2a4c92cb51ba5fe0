//! The HTML of a Matrix message's formatted body: the bot's light Markdown (bold,
//! code, line breaks), with everything else escaped, so no text a user typed (a
//! name, a user id) can inject markup.

/// Light Markdown (`**bold**`, `` `code` ``, line breaks) as escaped HTML.
#[must_use]
pub fn markdown_html(text: &str) -> String {
    let escaped = escape(text);
    let mut out = String::with_capacity(escaped.len() + 16);
    let mut bold = false;
    let mut code = false;
    let mut rest = escaped.as_str();
    while let Some(c) = rest.chars().next() {
        if !code && rest.starts_with("**") {
            out.push_str(if bold { "</strong>" } else { "<strong>" });
            bold = !bold;
            rest = &rest[2..];
            continue;
        }
        match c {
            '`' => {
                out.push_str(if code { "</code>" } else { "<code>" });
                code = !code;
            }
            '\n' => out.push_str("<br>"),
            _ => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    if code {
        out.push_str("</code>");
    }
    if bold {
        out.push_str("</strong>");
    }
    out
}

/// `text` with `&`, `<`, `>` and `"` escaped for HTML.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_escaped_then_styled() {
        assert_eq!(
            markdown_html("**a** & `b<c>`\nx"),
            "<strong>a</strong> &amp; <code>b&lt;c&gt;</code><br>x"
        );
    }
}
