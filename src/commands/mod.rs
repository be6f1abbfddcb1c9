//! The subcommands, one file each: what `main` dispatches to.

pub(crate) mod check;
pub(crate) mod fsf;
pub(crate) mod matches;
pub(crate) mod play;
pub(crate) mod position;
pub(crate) mod referee;
pub(crate) mod selfplay;
pub(crate) mod tune;
pub(crate) mod values;
