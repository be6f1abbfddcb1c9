//! The integration tests: one binary, a module per feature (each file says what it
//! checks), sharing the helpers in `common`.

mod common;

mod book;
mod capture_modes;
mod checks;
mod chess960;
mod cli;
mod confinement;
mod counting;
mod diagnostics;
mod engines;
mod explosions;
mod extends;
mod fen_round_trip;
mod fsf;
mod gating;
mod goals;
mod hand;
mod hex;
mod hostile;
mod janggi;
mod legality;
mod movegen;
mod movement;
mod panoply;
mod perft;
mod python_package;
mod records;
mod referee;
mod robustness;
mod rococo;
mod search;
mod serve;
mod slips;
mod takeover;
mod uc40;
mod walls;
