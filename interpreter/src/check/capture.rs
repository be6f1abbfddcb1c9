//! `capture` properties: a mode's name and options read into a `CaptureMode`, and
//! the bound on how many pieces one move of a piece could take.

use super::Problems;
use super::MAX_CAPTURES;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{BoardShape, CaptureMode, PieceDef};
use crate::syntax::{self, Name};

impl Problems {
    pub(super) fn capture_mode(&mut self, kind: &Name, options: &[Name]) -> Option<CaptureMode> {
        let allowed: &[&str] = match kind.value.as_str() {
            "approach" | "withdraw" | "coordinate" | "recoil" => &["optional"],
            "vault" => &[],
            "overtake" => &["single", "adjacent"],
            "pincer" => &["optional", "all-directions"],
            "mutual-destruction" => &[],
            "takeover" => &["stop-beyond", "undefended", "adjacent"],
            _ => &["no-replacement"],
        };
        let mut ok = true;
        for (i, o) in options.iter().enumerate() {
            if !allowed.contains(&o.value.as_str()) {
                self.push(
                    Diagnostic::error(
                        Code::BadCapture,
                        format!("`capture {}` does not take `{}`", kind.value, o.value),
                    )
                    .at(o.span, "not an option of this mode")
                    .help(if allowed.is_empty() {
                        format!("`capture {}` has no options", kind.value)
                    } else {
                        format!(
                            "the options of `capture {}` are: {}",
                            kind.value,
                            allowed.join(", ")
                        )
                    }),
                );
                ok = false;
            } else if let Some(first) = options[..i].iter().find(|x| x.value == o.value) {
                self.push(
                    Diagnostic::error(Code::BadCapture, format!("`{}` is given twice", o.value))
                        .at(o.span, "second one here")
                        .also(first.span, "first one here")
                        .help("give each option once"),
                );
                ok = false;
            }
        }
        let has = |w: &str| options.iter().any(|o| o.value == w);
        let mode = match kind.value.as_str() {
            "approach" => CaptureMode::Approach {
                optional: has("optional"),
            },
            "withdraw" => CaptureMode::Withdraw {
                optional: has("optional"),
            },
            "overtake" => CaptureMode::Overtake {
                single: has("single"),
                adjacent: has("adjacent"),
            },
            "pincer" => CaptureMode::Pincer {
                all_directions: has("all-directions"),
                optional: has("optional"),
            },
            "coordinate" => CaptureMode::Coordinate {
                optional: has("optional"),
            },
            "mutual-destruction" => CaptureMode::MutualDestruction,
            "recoil" => CaptureMode::Recoil {
                optional: has("optional"),
            },
            "vault" => CaptureMode::Vault,
            "takeover" => CaptureMode::Takeover {
                stop_beyond: has("stop-beyond"),
                undefended: has("undefended"),
                adjacent: has("adjacent"),
            },
            _ => CaptureMode::Chameleon {
                replacement: !has("no-replacement"),
            },
        };
        ok.then_some(mode)
    }

    /// Every move's captures must fit in a move: report a piece whose capture modes
    /// could remove more pieces at once than the engine holds.
    pub(super) fn capture_capacity(
        &mut self,
        board: &BoardShape,
        decls: &[&syntax::PieceDecl],
        defs: &[PieceDef],
    ) {
        let line = board.width().max(board.height()) as usize;
        let bound = |m: &CaptureMode| match m {
            CaptureMode::Approach { .. } | CaptureMode::Withdraw { .. } => 1,
            CaptureMode::Recoil { .. } | CaptureMode::Vault => 1,
            CaptureMode::Overtake { single, adjacent } if *single || *adjacent => 1,
            CaptureMode::Overtake { .. } => line.saturating_sub(1) / 2,
            CaptureMode::Pincer { all_directions, .. } => {
                if *all_directions {
                    8
                } else {
                    4
                }
            }
            CaptureMode::Coordinate { .. } => 2,
            CaptureMode::Chameleon { .. } => 0,
            CaptureMode::MutualDestruction => 2,
            CaptureMode::Takeover { .. } => 0,
        };
        // A chameleon may combine every mode its enemies have.
        let mut all_modes: Vec<CaptureMode> = Vec::new();
        for d in defs {
            for m in &d.captures {
                if !all_modes.iter().any(|x| x.name() == m.name())
                    && !matches!(m, CaptureMode::Chameleon { .. })
                {
                    all_modes.push(*m);
                }
            }
        }
        for (d, decl) in defs.iter().zip(decls) {
            let own: usize = d.captures.iter().map(bound).sum();
            let mimic: usize = if d
                .captures
                .iter()
                .any(|m| matches!(m, CaptureMode::Chameleon { .. }))
            {
                // It pinces only along ranks and files, and a mutual destruction is a
                // move of its own, taking two.
                let mimicked = |m: &CaptureMode| match m {
                    CaptureMode::Pincer { .. } => 4,
                    CaptureMode::MutualDestruction => 0,
                    _ => bound(m),
                };
                (all_modes.iter().map(mimicked).sum::<usize>() + 1).max(2)
            } else {
                0
            };
            let most = own + mimic;
            if most > MAX_CAPTURES {
                self.push(
                    Diagnostic::error(
                        Code::Limit,
                        format!("one move of `{}` could capture {most} pieces; the limit is {MAX_CAPTURES}", d.name),
                    )
                    .at(decl.name.span, "this piece")
                    .help("use `capture overtake single`, or a smaller board"),
                );
            }
        }
    }
}
