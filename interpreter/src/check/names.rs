//! Names and the properties said once: piece labels and values, references to
//! pieces by name, flags given twice.

use super::{Problems, MAX_LABEL_LEN, MAX_PIECE_VALUE};
use crate::diagnostic::{self, Code, Diagnostic, Span};
use crate::syntax::{self, Name, Spanned};

impl Problems {
    /// Whether a piece label is well formed: one to three upper-case letters, marked
    /// `+` before or `~` after for a promoted piece. Reports it when not.
    pub(super) fn piece_label(&mut self, label: &Name) -> bool {
        let text = &label.value;
        let core = text.strip_prefix('+').unwrap_or(text);
        let core = core.strip_suffix('~').unwrap_or(core);
        let marks = text.len() - core.len();
        let letters = core.chars().all(|c| c.is_ascii_uppercase());
        if letters && marks < 2 && (1..=MAX_LABEL_LEN).contains(&core.len()) {
            return true;
        }
        let help = if !text.is_empty()
            && text.chars().all(|c| c.is_ascii_alphabetic())
            && text.len() <= MAX_LABEL_LEN
        {
            format!(
                "write `{}`: labels are declared upper case, and the second player's pieces use the lower case in FEN",
                text.to_ascii_uppercase()
            )
        } else {
            format!("a piece label is one to {MAX_LABEL_LEN} upper-case letters A-Z (`Q`, `AM`), used in FEN and move notation; a promoted piece's may start with `+` or end with `~` (`+P`, `Q~`)")
        };
        self.push(
            Diagnostic::error(Code::BadLetter, format!("`{text}` is not a piece label"))
                .at(label.span, "expected upper-case letters")
                .help(help),
        );
        false
    }

    /// A `value`, if it is in range.
    pub(super) fn piece_value(&mut self, v: &Spanned<i64>) -> Option<i32> {
        if (0..=MAX_PIECE_VALUE).contains(&v.value) {
            return Some(v.value as i32);
        }
        self.push(
            Diagnostic::error(
                Code::BadValue,
                format!(
                    "a piece's value is 0 to {MAX_PIECE_VALUE} hundredths of a pawn, not {}",
                    v.value
                ),
            )
            .at(v.span, "here")
            .help("write the value in hundredths of a pawn: a knight is about `value 300`"),
        );
        None
    }

    pub(super) fn flag_once(
        &mut self,
        slot: &mut Option<Span>,
        span: Span,
        what: &str,
        piece: &str,
    ) {
        if let Some(first) = *slot {
            self.push(
                Diagnostic::error(
                    Code::DuplicateProperty,
                    format!("`{what}` is given twice for `{piece}`"),
                )
                .at(span, "second one here")
                .also(first, "first one here")
                .help(format!("give `{what}` once")),
            );
        } else {
            *slot = Some(span);
        }
    }

    /// A piece named in a list (promotion choices, move-rule resets).
    pub(super) fn piece_ref(
        &mut self,
        name: &Name,
        known: &[&str],
        decls: &[&syntax::PieceDecl],
    ) -> Option<usize> {
        if let Some(k) = known.iter().position(|k| *k == name.value) {
            return Some(k);
        }
        let by_letter = decls
            .iter()
            .find(|p| p.letter.value.eq_ignore_ascii_case(&name.value))
            .map(|p| p.name.value.as_str());
        let guess = by_letter.or_else(|| diagnostic::suggest(&name.value, known.iter().copied()));
        let d = Diagnostic::error(
            Code::UnknownPiece,
            format!("no piece is named `{}`", name.value),
        )
        .at(name.span, "unknown piece");
        self.push(match guess {
            Some(g) => d.help(format!("did you mean `{g}`?")),
            None => d.help(format!("the pieces are: {}", known.join(", "))),
        });
        None
    }
}
