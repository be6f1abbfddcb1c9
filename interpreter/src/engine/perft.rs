//! Perft: the leaf count of the legal move tree, the measure of a generator.

use super::{Move, Position};

impl<'r> Position<'r> {
    /// Count leaf nodes of the legal move tree to `depth` (bulk-counted at the last
    /// ply). Programs that take a depth from a user keep it to [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_with(depth, &mut lists)
    }

    fn perft_with(&mut self, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
        let Some((list, rest)) = lists.split_first_mut() else {
            return 1;
        };
        if depth == 1 {
            return self.legal_move_count(list);
        }
        self.legal_moves(list);
        let mut nodes = 0;
        for &m in list.iter() {
            self.make(m);
            nodes += self.perft_with(depth - 1, rest);
            self.unmake();
        }
        nodes
    }

    /// [`Position::perft`] that gives up (`None`) soon after `stop` is raised (it is
    /// looked at on every node above the last ply), for a count a user may end.
    pub fn perft_until(&mut self, depth: u32, stop: &std::sync::atomic::AtomicBool) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let mut list = Vec::new();
        self.legal_moves(&mut list);
        if depth == 1 {
            return Some(list.len() as u64);
        }
        let mut nodes = 0;
        for m in list {
            self.make(m);
            let n = self.perft_until(depth - 1, stop);
            self.unmake();
            nodes += n?;
        }
        Some(nodes)
    }

    /// Perft per root move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut root = Vec::new();
        self.legal_moves(&mut root);
        root.into_iter()
            .map(|m| {
                self.make(m);
                let n = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                self.unmake();
                (m, n)
            })
            .collect()
    }
}
