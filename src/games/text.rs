//! Reading text as the official testers' own languages read it, shared by the games' readers.
//! Topcoder's testers are Java: `BufferedReader.readLine`, `Integer.parseInt`,
//! `String.split(" ")`. AtCoder's tools are Rust (`str::lines`, `trim`, `split_whitespace`),
//! which the games use directly.

/// Lines as Java's `BufferedReader.readLine` splits them: `\n`, `\r\n` or a lone `\r` ends a
/// line, and a final line needs no terminator (so a text ending in a line end has no empty
/// last line).
pub fn java_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        let mut skip = end;
        if rest[end..].starts_with("\r\n") {
            skip += 2;
        } else if end < rest.len() {
            skip += 1;
        }
        rest = &rest[skip..];
        Some(line)
    })
}

/// Java's `Integer.parseInt(s)` for ASCII text: an optional `+` or `-`, then at least one
/// digit, within `i32`; nothing else, not even a space. Rust's `i32::from_str` accepts exactly
/// that. (Java also takes non-ASCII decimal digits such as `١٢`; which bytes become those
/// depends on the tester machine's charset, so they are refused here.)
pub fn java_parse_int(s: &str) -> Option<i32> {
    s.parse().ok()
}

/// Java's `s.split(" ")`: the pieces between single spaces, trailing empty pieces dropped
/// (a leading or doubled space gives an empty piece; a text of spaces only gives none; an
/// empty text gives one empty piece).
pub fn java_split_space(s: &str) -> Vec<&str> {
    let mut fields: Vec<&str> = s.split(' ').collect();
    while fields.last() == Some(&"") {
        fields.pop();
    }
    if s.is_empty() {
        fields.push("");
    }
    fields
}

/// A token cut to 24 characters for a message.
pub fn shorten(token: &str) -> String {
    if token.chars().count() > 24 {
        token.chars().take(24).collect::<String>() + "…"
    } else {
        token.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_are_javas() {
        let got: Vec<&str> = java_lines("a\r\nb\rc\n\nd\r").collect();
        assert_eq!(got, ["a", "b", "c", "", "d"]);
        assert_eq!(java_lines("a\n").count(), 1);
        assert_eq!(java_lines("\n").collect::<Vec<_>>(), [""]);
        assert_eq!(java_lines("").count(), 0);
    }

    #[test]
    fn parse_int_is_javas_on_ascii() {
        // Each as `java.lang.Integer.parseInt` answers it (checked with OpenJDK 17).
        for (text, value) in [
            ("5", Some(5)),
            ("+5", Some(5)),
            ("-0", Some(0)),
            ("05", Some(5)),
            ("2147483647", Some(i32::MAX)),
            ("-2147483648", Some(i32::MIN)),
            ("2147483648", None),
            (" 5", None),
            ("5 ", None),
            ("5\t", None),
            ("", None),
            ("-", None),
            ("+", None),
            ("1e3", None),
            ("0x1", None),
        ] {
            assert_eq!(java_parse_int(text), value, "{text:?}");
        }
    }

    #[test]
    fn split_on_a_space_is_javas() {
        // Each as `"...".split(" ")` answers it in Java (checked with OpenJDK 17).
        for (text, pieces) in [
            ("1 2 3 4", vec!["1", "2", "3", "4"]),
            ("1 2 3 4  ", vec!["1", "2", "3", "4"]),
            (" 1 2 3 4", vec!["", "1", "2", "3", "4"]),
            ("1  2 3 4", vec!["1", "", "2", "3", "4"]),
            ("1\t2 3 4", vec!["1\t2", "3", "4"]),
            ("", vec![""]),
            ("   ", vec![]),
        ] {
            assert_eq!(java_split_space(text), pieces, "{text:?}");
        }
    }
}
