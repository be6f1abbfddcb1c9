//! Drop queues: each side's ordered pieces off the board, the credits that let a
//! player drop one, and the exchange that earns a credit. A turn is a move and, with
//! a credit, a drop of the queue's end piece on an empty cell of the drop zone; the
//! whole turn must leave the player's royal pieces safe.

use super::{code, kind_of, side_of, Move, MoveKind, Position, NO_CELL};
use crate::compile::Cell;
use crate::model::{QueueEnd, Setup};
use crate::random::mix;

/// The drop state that changes move by move; the queues' pieces themselves are fixed
/// and only their live ends move, so undoing restores this and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DropState {
    /// Each side's live part of its queue: `head..tail`.
    head: [u16; 2],
    tail: [u16; 2],
    credits: [u8; 2],
    /// The cell of the piece that just captured, and the credits taking it earns.
    exchange: (Cell, u8),
}

impl DropState {
    pub(super) const NONE: DropState = DropState {
        head: [0; 2],
        tail: [0; 2],
        credits: [0; 2],
        exchange: (NO_CELL, 0),
    };
}

/// The key of the credits and the exchange cell.
fn counts_key(s: &DropState) -> u64 {
    let mut h = 0;
    for side in 0..2 {
        h ^= mix((2 << 60) | (side as u64) << 40 | u64::from(s.credits[side]));
    }
    let (cell, count) = s.exchange;
    if cell != NO_CELL {
        h ^= mix((3 << 60) | u64::from(cell) << 16 | u64::from(count));
    }
    h
}

impl Position<'_> {
    pub(super) fn load_drops(&mut self, setup: &Setup) {
        for side in 0..2 {
            let queue: Vec<u8> = setup.queues[side].iter().map(|&k| k as u8).collect();
            self.drops.tail[side] = queue.len() as u16;
            self.queues[side] = queue;
            self.drops.credits[side] = setup.credits[side].min(255) as u8;
        }
        if let Some((coord, count)) = setup.exchange {
            if let Some(cell) = self.rules.cell_at(coord) {
                self.drops.exchange = (cell, count.min(255) as u8);
            }
        }
    }

    /// The live queue of a side, front first.
    pub fn queue(&self, side: crate::model::Side) -> &[u8] {
        let s = side.index();
        &self.queues[s][self.drops.head[s] as usize..self.drops.tail[s] as usize]
    }

    /// A side's drop credits.
    pub fn drop_credits(&self, side: crate::model::Side) -> u8 {
        self.drops.credits[side.index()]
    }

    /// The cell of the piece that just captured, and the credits taking it earns.
    pub fn exchange(&self) -> Option<(Cell, u8)> {
        (self.drops.exchange.0 != NO_CELL).then_some(self.drops.exchange)
    }

    /// The hash of the drop state: queues by position from the front, credits, and
    /// the exchange cell.
    pub(super) fn drops_key(&self) -> u64 {
        if !self.rules.flags.drops {
            return 0;
        }
        let s = &self.drops;
        (0..2).fold(counts_key(s), |h, side| {
            h ^ self.queue_key(side, s.head[side], s.tail[side])
        })
    }

    /// The key of one side's live queue `head..tail`.
    fn queue_key(&self, side: usize, head: u16, tail: u16) -> u64 {
        let live = &self.queues[side][head as usize..tail as usize];
        live.iter().enumerate().fold(0, |h, (i, &k)| {
            h ^ mix((1 << 60) | (side as u64) << 40 | (i as u64) << 16 | u64::from(k))
        })
    }

    /// Change the drop state, keeping the hash: a queue's keys are recomputed only
    /// when that queue changed, so a move without drop or promotion costs O(1).
    fn set_drops(&mut self, state: DropState) {
        let old = self.drops;
        let mut h = counts_key(&old) ^ counts_key(&state);
        for side in 0..2 {
            if (old.head[side], old.tail[side]) != (state.head[side], state.tail[side]) {
                h ^= self.queue_key(side, old.head[side], old.tail[side]);
                h ^= self.queue_key(side, state.head[side], state.tail[side]);
            }
        }
        self.hash ^= h;
        self.drops = state;
    }

    /// The end of a queue a kind's promotion takes, if it promotes from the queue.
    #[inline]
    pub(super) fn promotes_from_queue(&self, kind: usize) -> Option<QueueEnd> {
        self.rules.promotion_of(self.side, kind)?.from_queue
    }

    /// The kind at one end of a side's live queue.
    pub(super) fn queue_end(&self, side: usize, end: QueueEnd) -> Option<u8> {
        let (head, tail) = (self.drops.head[side], self.drops.tail[side]);
        (head < tail).then(|| match end {
            QueueEnd::Front => self.queues[side][head as usize],
            QueueEnd::Back => self.queues[side][tail as usize - 1],
        })
    }

    /// Take the piece at one end of a side's queue off it.
    pub(super) fn take_from_queue(&mut self, side: usize, end: QueueEnd) {
        let mut state = self.drops;
        if state.head[side] < state.tail[side] {
            match end {
                QueueEnd::Front => state.head[side] += 1,
                QueueEnd::Back => state.tail[side] -= 1,
            }
        }
        self.set_drops(state);
    }

    /// The credits a move earns its player: those of the exchange it completes.
    fn earned_by(&self, m: &Move) -> u8 {
        let (cell, count) = self.drops.exchange;
        if cell != NO_CELL && m.captures().contains(&cell) {
            count
        } else {
            0
        }
    }

    /// The credits the mover will hold after a move, before its drop.
    pub fn credits_after(&self, m: &Move) -> u8 {
        self.drops.credits[self.side].saturating_add(self.earned_by(m))
    }

    /// After the board part of a move: credits earned, the exchange the move opens,
    /// and the drop.
    pub(super) fn drops_after_move(&mut self, m: &Move, mover: u8, captured: &[u8]) {
        let us = self.side;
        let rules = self.rules;
        let no_credit = rules.drop_queue.no_credit;
        let mut state = self.drops;
        state.credits[us] = state.credits[us].saturating_add(self.earned_by(m));
        state.exchange = (NO_CELL, 0);
        let survives = !matches!(
            m.kind,
            MoveKind::Suicide | MoveKind::Destruction | MoveKind::Explosion | MoveKind::Castle
        );
        if survives && no_credit & (1 << kind_of(mover)) == 0 {
            let lost = captured[..m.captures().len()]
                .iter()
                .filter(|&&p| side_of(p) != us && no_credit & (1 << kind_of(p)) == 0)
                .count();
            if lost > 0 {
                state.exchange = (m.to, lost as u8);
            }
        }
        self.set_drops(state);
        if let Some(cell) = self.drop_cell(m) {
            if let Some(kind) = self.queue_end(us, rules.drop_queue.end) {
                self.take_from_queue(us, rules.drop_queue.end);
                let mut state = self.drops;
                state.credits[us] = state.credits[us].saturating_sub(1);
                self.set_drops(state);
                self.place(cell, code(us, kind as usize));
            }
        }
    }

    /// The cell a turn of the side to move drops on, if it drops.
    pub fn drop_cell(&self, m: &Move) -> Option<Cell> {
        if self.rules.flags.gating {
            return self.gate_of(m).map(|(cell, _)| cell);
        }
        let slot = m.drop_slot()?;
        self.rules.drop_queue.zone[self.side].get(slot).copied()
    }

    /// The kind a turn drops, if it drops.
    pub fn dropped_kind(&self, m: &Move) -> Option<usize> {
        if self.rules.flags.gating {
            return self.gate_of(m).map(|(_, kind)| kind);
        }
        if m.drops() {
            self.next_drop_kind(m)
        } else {
            None
        }
    }

    /// The kind a drop with this move would put on the board: the queue's end once
    /// the move's own promotion, if any, has taken its piece.
    pub fn next_drop_kind(&self, m: &Move) -> Option<usize> {
        let us = self.side;
        let (mut head, mut tail) = (self.drops.head[us], self.drops.tail[us]);
        if m.promotion().is_some() {
            let kind = kind_of(self.board[m.from as usize]);
            match self.promotes_from_queue(kind) {
                Some(QueueEnd::Front) => head += 1,
                Some(QueueEnd::Back) => tail = tail.saturating_sub(1),
                None => {}
            }
        }
        (head < tail).then(|| {
            usize::from(match self.rules.drop_queue.end {
                QueueEnd::Front => self.queues[us][head as usize],
                QueueEnd::Back => self.queues[us][tail as usize - 1],
            })
        })
    }

    /// Whether some move of this turn may add a drop, whatever the move: the
    /// player's queue is not empty and a credit is held or may be earned.
    pub(super) fn drop_possible(&self) -> bool {
        let us = self.side;
        self.drops.head[us] < self.drops.tail[us]
            && (self.drops.credits[us] > 0 || self.drops.exchange.0 != NO_CELL)
    }

    /// Whether some of these moves will leave the player a credit to drop with.
    pub(super) fn may_drop(&self, moves: &[Move]) -> bool {
        self.drop_possible()
            && (self.drops.credits[self.side] > 0 || moves.iter().any(|m| self.earned_by(m) > 0))
    }

    /// Add to `out` each pseudo-legal move with a drop, when the player will hold a
    /// credit, on every cell of the zone empty after the move, if the whole turn is
    /// legal.
    pub(super) fn add_drop_turns(&mut self, pseudo: &[Move], out: &mut Vec<Move>) {
        let us = self.side;
        let check_safety = self.royals_at_stake();
        let mut slots: Vec<usize> = Vec::new();
        for &m in pseudo {
            if self.drops.credits[us].saturating_add(self.earned_by(&m)) == 0 {
                continue;
            }
            slots.clear();
            self.make(m);
            if self.queue_end(us, self.rules.drop_queue.end).is_some() {
                let zone = &self.rules.drop_queue.zone[us];
                slots.extend((0..zone.len()).filter(|&i| self.board[zone[i] as usize] == 0));
            }
            self.unmake();
            for &slot in &slots {
                let turn = m.with_drop(slot);
                if !check_safety || self.is_legal_slow(turn) {
                    out.push(turn);
                }
            }
        }
    }

    /// The `{...}` FEN field: queues front first, credits, the exchange cell.
    pub(super) fn queues_fen(&self) -> String {
        if !self.rules.flags.drops {
            return String::new();
        }
        let r = self.rules;
        let mut s = String::from("{");
        for side in [crate::model::Side::White, crate::model::Side::Black] {
            if side == crate::model::Side::Black {
                s.push('/');
            }
            for &k in self.queue(side) {
                s.push_str(&r.piece_label(usize::from(k), side));
            }
            let credits = self.drops.credits[side.index()];
            if credits > 0 {
                s.push_str(&format!("+{credits}"));
            }
        }
        if let Some((cell, count)) = self.exchange() {
            s.push('@');
            s.push_str(r.cell_name(cell));
            if count > 1 {
                s.push_str(&format!("*{count}"));
            }
        }
        s.push('}');
        s
    }
}
