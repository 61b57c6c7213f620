//! The one parallel map of the native side (`arcade bench`, `arcade run --seeds`, the
//! examples' measurements): scoped threads over a slice, results in the slice's order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// `f` of every item on `jobs` threads (at least one), results in the items' order. Items
/// are handed out one at a time, so a slow one does not hold back a thread's share.
pub fn map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    match try_map(items, jobs, |item| {
        Ok::<R, std::convert::Infallible>(f(item))
    }) {
        Ok(results) => results,
        Err(never) => match never {},
    }
}

/// `map` for work that can fail: once an item has failed no other is started, and the error
/// of the first failed item (in the items' order) is returned.
pub fn try_map<T: Sync, R: Send, E: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T) -> Result<R, E> + Sync,
) -> Result<Vec<R>, E> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let worker = || {
        let mut done = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            let result = f(item);
            if result.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            done.push((i, result));
        }
        done
    };
    let mut done: Vec<(usize, Result<R, E>)> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..jobs.clamp(1, items.len().max(1)))
            .map(|_| scope.spawn(worker))
            .collect();
        threads
            .into_iter()
            .flat_map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_items_order_on_any_number_of_threads() {
        let items: Vec<u64> = (0..100).collect();
        for jobs in [1, 2, 7, 500] {
            let squares = map(&items, jobs, |&x| x * x);
            assert_eq!(squares, items.iter().map(|x| x * x).collect::<Vec<_>>());
        }
        assert_eq!(map(&[] as &[u8], 4, |&x| x), Vec::<u8>::new());
    }

    #[test]
    fn the_first_failure_in_order_is_returned_and_stops_new_work() {
        let items: Vec<u64> = (0..1000).collect();
        let started = AtomicUsize::new(0);
        let result = try_map(&items, 1, |&x| {
            started.fetch_add(1, Ordering::Relaxed);
            if x == 10 || x == 20 {
                Err(x)
            } else {
                Ok(x)
            }
        });
        assert_eq!(result, Err(10));
        // One thread: nothing after the failing item was started.
        assert_eq!(started.load(Ordering::Relaxed), 11);
        assert_eq!(
            try_map(&items, 3, |&x| Ok::<_, ()>(x + 1)).unwrap()[999],
            1000
        );
    }
}
