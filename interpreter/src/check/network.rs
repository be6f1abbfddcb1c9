//! `evaluation { network "NAME" }`: the network's file, read when the definition
//! was loaded, checked word by word (a diagnostic points at the word in that
//! file) and against the definition's pieces and board.

use super::Problems;
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{
    network_inputs, BoardShape, Coord, Network, MAX_FIRST_LAYER, MAX_HIDDEN, MAX_SECOND_LAYER,
    NETWORK_HEADER,
};
use crate::syntax::EvaluationDecl;
use std::sync::Arc;

const MAX_FIRST: i64 = MAX_FIRST_LAYER as i64;
const MAX_SECOND: i64 = MAX_SECOND_LAYER as i64;

impl Problems {
    /// The network of `decl`, if it names one whose file was read and fits a
    /// definition of `kinds` kinds on `board`.
    pub(super) fn network(
        &mut self,
        decl: &EvaluationDecl,
        kinds: usize,
        board: Option<&BoardShape>,
    ) -> Option<(String, Arc<Network>)> {
        let name = decl.networks.first()?;
        for again in &decl.networks[1..] {
            self.push(
                Diagnostic::error(Code::DuplicateProperty, "`network` is given twice")
                    .at(again.span, "second one here")
                    .also(name.span, "first one here")
                    .help("an evaluation has one network"),
            );
        }
        let (base, text) = decl.network_text.as_ref()?;
        let cells = board.map(cell_count)?;
        let net = self.read_network(*base, text, network_inputs(kinds, cells))?;
        if net.inputs != network_inputs(kinds, cells) {
            self.push(
                Diagnostic::error(
                    Code::BadNetwork,
                    format!(
                        "the network `{}` has {} inputs; this definition ({kinds} kind(s) of piece, {cells} cells) has {}",
                        name.value,
                        net.inputs,
                        network_inputs(kinds, cells)
                    ),
                )
                .at(name.span, "fitted to another definition")
                .help("fit a network for this definition (`vdl tune FILE --network N`), or remove this line to play with the evaluation's terms"),
            );
            return None;
        }
        Some((name.value.clone(), Arc::new(net)))
    }

    /// The network in `text` (whose offsets start at `base`), word by word; only
    /// its sizes where it has other than `wanted` inputs.
    fn read_network(&mut self, base: usize, text: &str, wanted: usize) -> Option<Network> {
        let mut words = Words::new(text);
        let header = text.lines().next().unwrap_or("").trim_end();
        if header != NETWORK_HEADER {
            let end = base + header.len().max(1).min(text.len());
            self.bad_word(
                Span::new(base, end.max(base)),
                format!("a network's file starts with the line `{NETWORK_HEADER}`"),
            );
            return None;
        }
        words.skip_line();
        let inputs = self.size(base, &mut words, "inputs", 1..=1 << 24)?;
        let hidden = self.size(base, &mut words, "hidden", 1..=MAX_HIDDEN as i64)?;
        if inputs != wanted {
            return Some(Network {
                inputs,
                hidden,
                w1: Vec::new(),
                b1: Vec::new(),
                w2: Vec::new(),
                b2: 0,
            });
        }
        let mut number = |p: &mut Self, range: std::ops::RangeInclusive<i64>| -> Option<i64> {
            let (at, word) = words.next_or_end(base);
            match word.parse::<i64>() {
                Ok(n) if range.contains(&n) => Some(n),
                _ => {
                    let what = if word.is_empty() {
                        "the file ends before every weight is given".to_string()
                    } else {
                        format!(
                            "`{word}` is not a whole number from {} to {}",
                            range.start(),
                            range.end()
                        )
                    };
                    p.bad_word(at, what);
                    None
                }
            }
        };
        let first = -MAX_FIRST..=MAX_FIRST;
        let second = -MAX_SECOND..=MAX_SECOND;
        let b1 = (0..hidden)
            .map(|_| number(self, first.clone()).map(|n| n as i16))
            .collect::<Option<Vec<_>>>()?;
        let w2 = (0..2 * hidden)
            .map(|_| number(self, second.clone()).map(|n| n as i32))
            .collect::<Option<Vec<_>>>()?;
        let b2 = number(self, second.clone())? as i32;
        let w1 = (0..inputs * hidden)
            .map(|_| number(self, first.clone()).map(|n| n as i16))
            .collect::<Option<Vec<_>>>()?;
        let (at, word) = words.next_or_end(base);
        if !word.is_empty() {
            self.bad_word(at, "more weights than the sizes say".to_string());
            return None;
        }
        Some(Network {
            inputs,
            hidden,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// `WORD N`, N in `range`.
    fn size(
        &mut self,
        base: usize,
        words: &mut Words,
        word: &str,
        range: std::ops::RangeInclusive<i64>,
    ) -> Option<usize> {
        let (at, got) = words.next_or_end(base);
        if got != word {
            self.bad_word(at, format!("`{word} N` comes next, the network's size"));
            return None;
        }
        let (at, got) = words.next_or_end(base);
        match got.parse::<i64>() {
            Ok(n) if range.contains(&n) => Some(n as usize),
            _ => {
                self.bad_word(
                    at,
                    format!(
                        "`{word}` is a number from {} to {}",
                        range.start(),
                        range.end()
                    ),
                );
                None
            }
        }
    }

    fn bad_word(&mut self, at: Span, message: String) {
        self.push(
            Diagnostic::error(Code::BadNetwork, message)
                .at(at, "here")
                .help("a network's file is written by `vdl tune FILE --network N`"),
        );
    }
}

/// The cells of `board`.
fn cell_count(board: &BoardShape) -> usize {
    (0..board.height())
        .flat_map(|rank| (0..board.width()).map(move |file| Coord { file, rank }))
        .filter(|&c| board.contains(c))
        .count()
}

/// The words of a network's text, skipping `#` comments to the line's end.
struct Words<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Words<'t> {
        Words { text, at: 0 }
    }

    fn skip_line(&mut self) {
        self.at = self.text[self.at..]
            .find('\n')
            .map_or(self.text.len(), |i| self.at + i + 1);
    }

    /// The next word and its span (offset by `base`); an empty word at the end.
    fn next_or_end(&mut self, base: usize) -> (Span, &'t str) {
        let bytes = self.text.as_bytes();
        loop {
            while self.at < bytes.len() && bytes[self.at].is_ascii_whitespace() {
                self.at += 1;
            }
            if self.at < bytes.len() && bytes[self.at] == b'#' {
                self.skip_line();
                continue;
            }
            break;
        }
        let start = self.at;
        while self.at < bytes.len() && !bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let end = if start == self.at {
            // the end: point at the last character
            let last = self.text.len().saturating_sub(1);
            return (Span::new(base + last, base + self.text.len()), "");
        } else {
            self.at
        };
        (
            Span::new(base + start, base + end),
            self.text.get(start..end).unwrap_or(""),
        )
    }
}

#[cfg(test)]
mod tests {
    /// Each way a network's file can be wrong is one `vdl::bad_network` (or a
    /// second `network`, one `duplicate_property`), at the line and column of
    /// the word that is wrong, in the file it is in.
    #[test]
    fn a_broken_network_is_one_error_at_its_word() {
        let definition = |network: &str| {
            format!(
                "board {{ files a b c ranks 1 2 3 }}\npiece King K {{ royal moves \"K\" }}\n\
                 setup \"k2/3/2K w\"\nevaluation {{ {network} }}\n"
            )
        };
        // 59 inputs (two kings on 3 × 3), 1 hidden value: 1 + 2 + 1 + 59 numbers
        let good = format!(
            "vdl-network 1\ninputs 59 hidden 1\n0\n1 -1\n0\n{}",
            "3\n".repeat(59)
        );
        let cases = [
            (
                "network \"k.net\"",
                "vdl-net 1\n".to_string(),
                "bad_network",
                ("k.net", 1, 1),
            ),
            (
                "network \"k.net\"",
                good.replace("hidden 1", "hidden 0"),
                "bad_network",
                ("k.net", 2, 18),
            ),
            (
                "network \"k.net\"",
                good.replace("1 -1", "1 99999999"),
                "bad_network",
                ("k.net", 4, 3),
            ),
            (
                "network \"k.net\"",
                good[..good.len() - 2].to_string(),
                "bad_network",
                ("k.net", 63, 2),
            ),
            (
                "network \"k.net\"",
                good.clone() + "4\n",
                "bad_network",
                ("k.net", 65, 1),
            ),
            (
                "network \"k.net\" network \"k.net\"",
                good.clone(),
                "duplicate_property",
                ("definition.vdl", 4, 39),
            ),
        ];
        for (line, text, code, (file, row, column)) in cases {
            let loaded = crate::load_untrusted(&definition(line), &[("k.net", &text)]);
            let got: Vec<_> = (loaded.diagnostics.iter())
                .map(|d| {
                    let span = d.labels.first().map(|l| l.span).unwrap_or_default();
                    let (f, local) = loaded.sources.locate(span).expect("a file");
                    let (r, c) = f.line_col(local.start);
                    (d.code.as_str().to_string(), f.name.clone(), r, c)
                })
                .collect();
            let want = (format!("vdl::{code}"), file.to_string(), row, column);
            assert_eq!(got, [want], "{line} with {text:?}");
        }
        assert!(
            crate::load_untrusted(&definition("network \"k.net\""), &[("k.net", &good)])
                .ruleset
                .is_some()
        );
    }
}
