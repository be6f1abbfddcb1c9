//! `cannot-capture` and `cannot-hop`: kinds a piece never captures, or never hops
//! over (Janggi's cannon, which neither takes nor jumps a cannon).

use super::Problems;
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{Geometry, PieceDef};
use crate::syntax::{self, Name, Restriction};

impl Problems {
    /// Record one `cannot-...` property of `def`; `seen` keeps where each form was
    /// first given.
    pub(super) fn restriction(
        &mut self,
        def: &mut PieceDef,
        (span, what, names): (Span, Restriction, &[Name]),
        seen: &mut [Option<Span>; 2],
        known: &[&str],
        decls: &[&syntax::PieceDecl],
    ) {
        let slot = what as usize;
        self.flag_once(&mut seen[slot], span, what.word(), &def.name.clone());
        let kinds: Vec<usize> = names
            .iter()
            .filter_map(|n| self.piece_ref(n, known, decls))
            .collect();
        match what {
            Restriction::Capture => def.cannot_capture = kinds,
            Restriction::Hop => def.cannot_hop = kinds,
        }
    }

    /// A restriction must have something to restrict: `cannot-capture` works on the
    /// captures a piece makes by moving onto its victim, `cannot-hop` on hops.
    pub(super) fn restrictions_fit(&mut self, def: &PieceDef, seen: &[Option<Span>; 2]) {
        if let Some(at) = seen[Restriction::Capture as usize] {
            if !def.captures.is_empty() || def.swap {
                self.push(
                    Diagnostic::error(
                        Code::BadRestriction,
                        format!(
                            "`{}` has capture modes or `swap` and `cannot-capture`",
                            def.name
                        ),
                    )
                    .at(at, "only for captures by moving onto the victim")
                    .help("leave out `cannot-capture`, or the capture modes and `swap`"),
                );
            }
        }
        if let Some(at) = seen[Restriction::Hop as usize] {
            let hops = def
                .rules
                .iter()
                .any(|r| matches!(r.geometry, Geometry::Hop { .. }));
            if !hops {
                self.push(
                    Diagnostic::error(
                        Code::BadRestriction,
                        format!("`{}` never hops, but has `cannot-hop`", def.name),
                    )
                    .at(at, "nothing to restrict")
                    .help("give the piece a hop (Betza `p` or `g`, a `hop` rule), or leave out `cannot-hop`"),
                );
            }
        }
    }
}
