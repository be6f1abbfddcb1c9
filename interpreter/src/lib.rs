//! vdl: a variant-definition language for chess variants.
//!
//! Data flows one way: [`syntax`] (text to a spanned AST) → [`check`] (diagnostics
//! and a plain [`model::Definition`]) → [`compile`] (a [`compile::Ruleset`] of
//! precomputed tables) → [`engine`] (positions, moves, perft).

pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod model;
pub mod referee;
pub mod syntax;

pub use compile::Ruleset;
pub use diagnostic::{Code, Diagnostic, Severity, Span};
pub use engine::{Move, Position};

/// The result of loading a definition: the compiled rules when there is no error,
/// and every diagnostic (errors and warnings), sorted by position.
#[derive(Debug)]
pub struct Loaded {
    pub ruleset: Option<Ruleset>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Loaded {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Parse, check and compile a definition file's text.
pub fn load(source: &str) -> Loaded {
    let file = match syntax::parse(source) {
        Ok(file) => file,
        Err(d) => {
            return Loaded {
                ruleset: None,
                diagnostics: vec![d],
            }
        }
    };
    let checked = check::check(&file);
    Loaded {
        ruleset: checked.definition.map(compile::compile),
        diagnostics: checked.diagnostics,
    }
}
