//! The integration tests: one binary, a module per feature (each file says what it
//! checks), sharing the helpers in `common`.

mod common;

mod book;
mod capture_modes;
mod checks;
mod cli;
mod confinement;
mod counting;
mod diagnostics;
mod drop_queues;
mod engines;
mod exchange;
mod explosions;
mod extends;
mod fen_round_trip;
mod first_moves;
mod free_castling;
mod fsf;
mod gating;
mod goals;
mod hand;
mod hex;
mod hex_vault_recoil_two_cell;
mod hostile;
mod in_place;
mod legality;
mod matches;
mod movegen;
mod movement;
mod passing_and_restrictions;
mod perft;
mod perpetual_check;
mod points;
mod python_package;
mod records;
mod referee;
mod rimmed_board_captures;
mod robustness;
mod royalty;
mod search;
mod serve;
mod slips;
mod takeover;
mod turning_over;
mod walls;
