//! Drop queues compiled: where a turn's drop may land, which end of the queue it
//! takes, and which exchanges earn no credit.

use super::rays::Grid;
use super::Cell;
use crate::model::{Definition, QueueEnd};

/// A definition's `drops` section, on numbered cells.
#[derive(Clone, Debug)]
pub struct DropQueueRules {
    /// Per side, the cells a drop may land on (when empty).
    pub zone: [Vec<Cell>; 2],
    /// The end of the queue a drop takes.
    pub end: QueueEnd,
    /// Kinds whose exchange earns no drop credit, as a mask.
    pub no_credit: u64,
}

pub(super) fn drop_queue_rules(def: &Definition, grid: &Grid) -> DropQueueRules {
    let zone = [0, 1].map(|side| {
        let cells = def
            .drops
            .as_ref()
            .and_then(|d| def.zones.get(&d.zone))
            .map_or(&[][..], |z| &z[side][..]);
        cells.iter().filter_map(|&c| grid.at(c)).collect()
    });
    DropQueueRules {
        zone,
        end: def.drops.as_ref().map_or(QueueEnd::Front, |d| d.end),
        no_credit: def
            .drops
            .as_ref()
            .map_or(0, |d| d.no_credit.iter().fold(0u64, |m, &k| m | 1 << k)),
    }
}
