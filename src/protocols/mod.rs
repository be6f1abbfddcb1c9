//! The engine protocols GUIs speak: UCI and XBoard, over one shared session (a
//! game, its searches and their threads).

pub(crate) mod session;
pub(crate) mod uci;
pub(crate) mod uci_engine;
pub(crate) mod xboard;
