//! A checked definition as a Fairy-Stockfish configuration section.

use crate::model::Definition;

pub fn export(_def: &Definition) -> Result<String, Vec<String>> {
    Err(vec!["not yet".into()])
}
