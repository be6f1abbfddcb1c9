//! Perft on several threads: the root moves are shared out, each thread walking
//! the subtrees of the moves it takes on its own copy of the position.

use super::{Move, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

impl Position<'_> {
    /// Perft per root move, in generation order, on `threads` threads. `finished`
    /// is called in generation order as soon as a root move and every one before it
    /// are counted (so a caller can stream them).
    pub fn divide_parallel(
        &mut self,
        depth: u32,
        threads: usize,
        finished: &(dyn Fn(&Position, Move, u64) + Sync),
    ) -> Vec<(Move, u64)> {
        let mut root = Vec::new();
        self.legal_moves(&mut root);
        if depth <= 1 || threads <= 1 || root.len() <= 1 {
            let mut out = Vec::with_capacity(root.len());
            for m in root {
                let n = self.subtree(m, depth);
                finished(self, m, n);
                out.push((m, n));
            }
            return out;
        }
        let next = AtomicUsize::new(0);
        // Counts so far, and how many of the first ones were reported.
        let done: Mutex<(Vec<Option<u64>>, usize)> = Mutex::new((vec![None; root.len()], 0));
        let copies: Vec<Position> = (0..threads.min(root.len())).map(|_| self.clone()).collect();
        std::thread::scope(|scope| {
            let (root, next, done) = (&root, &next, &done);
            for mut pos in copies {
                scope.spawn(move || {
                    // Each copy is back at the root whenever it reports.
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&m) = root.get(i) else { break };
                        let n = pos.subtree(m, depth);
                        let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                        d.0[i] = Some(n);
                        while let Some(Some(n)) = d.0.get(d.1).copied() {
                            finished(&pos, root[d.1], n);
                            d.1 += 1;
                        }
                    }
                });
            }
        });
        let counts = done.into_inner().unwrap_or_else(|e| e.into_inner()).0;
        root.iter()
            .zip(counts)
            .map(|(&m, n)| (m, n.unwrap_or(0)))
            .collect()
    }

    /// The leaves below one root move at `depth` (one, at depth 1).
    fn subtree(&mut self, m: Move, depth: u32) -> u64 {
        if depth <= 1 {
            return 1;
        }
        self.make(m);
        let n = self.perft(depth - 1);
        self.unmake();
        n
    }

    /// Perft on `threads` threads; the same count as `perft`.
    pub fn perft_parallel(&mut self, depth: u32, threads: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.divide_parallel(depth, threads, &|_, _, _| {})
            .iter()
            .map(|&(_, n)| n)
            .sum()
    }
}
