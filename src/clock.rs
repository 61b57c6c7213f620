//! Wall-clock time for solvers, the one place time enters the library.
//!
//! Natively the clock is `std::time::Instant`; on wasm it is `performance.now()` (page, worker
//! or Node) through a cached handle (`Instant` panics on wasm32-unknown-unknown, and looking
//! the global up on every call costs microseconds). Tests can hand a `Budget` a mock clock.

/// Milliseconds from an arbitrary, fixed origin.
pub fn now_ms() -> f64 {
    platform::now_ms()
}

#[cfg(not(target_arch = "wasm32"))]
mod platform {
    use std::sync::OnceLock;
    use std::time::Instant;

    static ORIGIN: OnceLock<Instant> = OnceLock::new();

    pub fn now_ms() -> f64 {
        ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

#[cfg(target_arch = "wasm32")]
mod platform {
    use wasm_bindgen::JsCast;

    thread_local! {
        static PERFORMANCE: Option<web_sys::Performance> = {
            let global = js_sys::global();
            if let Some(window) = global.dyn_ref::<web_sys::Window>() {
                window.performance()
            } else if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
                worker.performance()
            } else {
                // Node (scripts/bench-solvers-wasm.mjs) has neither global, but the same
                // `performance.now()`; without it the solvers' per-move time shares (well
                // under a millisecond for TilesMatching) would run on Date's whole ms.
                js_sys::Reflect::get(&global, &"performance".into())
                    .ok()
                    .filter(|p| p.is_object())
                    .map(JsCast::unchecked_into)
            }
        };
    }

    pub fn now_ms() -> f64 {
        PERFORMANCE.with(|p| match p {
            Some(performance) => performance.now(),
            None => js_sys::Date::now(),
        })
    }
}

/// What a solver reports while it runs: the best score so far and how far it got.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Progress {
    pub score: i64,
    pub turn: usize,
    pub elapsed_ms: f64,
}

type ClockFn = Box<dyn FnMut() -> f64>;
type ProgressFn = Box<dyn FnMut(&Progress)>;
/// One clock, read by a budget and the shares carved from it.
type SharedClock = std::rc::Rc<std::cell::RefCell<ClockFn>>;

/// A wall-clock budget with a soft deadline. Solvers call `should_stop` in their inner loops;
/// it reads the clock only every `check_every` calls, so it is cheap enough for hot paths.
pub struct Budget {
    clock: SharedClock,
    start_ms: f64,
    limit_ms: f64,
    check_every: u32,
    calls_since_check: u32,
    stopped: bool,
    progress: Option<ProgressFn>,
    last_report_ms: f64,
}

impl Budget {
    /// A budget of `limit_ms` on the real clock, starting now.
    pub fn new(limit_ms: f64) -> Self {
        Self::with_clock(limit_ms, Box::new(now_ms))
    }

    /// A budget on any clock (tests pass a mock one).
    pub fn with_clock(limit_ms: f64, clock: ClockFn) -> Self {
        Self::on(std::rc::Rc::new(std::cell::RefCell::new(clock)), limit_ms)
    }

    fn on(clock: SharedClock, limit_ms: f64) -> Self {
        let start_ms = (clock.borrow_mut())();
        Budget {
            clock,
            start_ms,
            limit_ms: limit_ms.max(0.0),
            check_every: 64,
            calls_since_check: 0,
            stopped: false,
            progress: None,
            last_report_ms: f64::NEG_INFINITY,
        }
    }

    /// Reads the clock only every `n` calls to `should_stop`.
    pub fn check_every(mut self, n: u32) -> Self {
        self.check_every = n.max(1);
        self
    }

    /// Where `report` sends progress (the worker posts it to the page).
    pub fn on_progress(mut self, sink: ProgressFn) -> Self {
        self.progress = Some(sink);
        self
    }

    pub fn limit_ms(&self) -> f64 {
        self.limit_ms
    }

    pub fn elapsed_ms(&mut self) -> f64 {
        (self.clock.borrow_mut())() - self.start_ms
    }

    /// A budget of `limit_ms` from now on the same clock (a mock clock in tests), for a part
    /// of the work; it reports no progress.
    pub fn share(&self, limit_ms: f64) -> Budget {
        Budget::on(self.clock.clone(), limit_ms).check_every(self.check_every)
    }

    pub fn remaining_ms(&mut self) -> f64 {
        (self.limit_ms - self.elapsed_ms()).max(0.0)
    }

    /// Fraction of the budget used, 0.0 ..= 1.0 (reads the clock).
    pub fn used_fraction(&mut self) -> f64 {
        if self.limit_ms <= 0.0 {
            return 1.0;
        }
        (self.elapsed_ms() / self.limit_ms).clamp(0.0, 1.0)
    }

    /// True once the budget is spent; reads the clock every `check_every` calls. Once true it
    /// stays true.
    pub fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.calls_since_check += 1;
        if self.calls_since_check >= self.check_every {
            self.calls_since_check = 0;
            if self.elapsed_ms() >= self.limit_ms {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Like `should_stop` but always reads the clock.
    pub fn is_spent(&mut self) -> bool {
        if !self.stopped && self.elapsed_ms() >= self.limit_ms {
            self.stopped = true;
        }
        self.stopped
    }

    /// Sends progress to the sink, at most every 50 ms of budget time.
    pub fn report(&mut self, score: i64, turn: usize) {
        if self.progress.is_none() {
            return;
        }
        let elapsed_ms = self.elapsed_ms();
        if elapsed_ms - self.last_report_ms < 50.0 {
            return;
        }
        self.last_report_ms = elapsed_ms;
        let progress = Progress {
            score,
            turn,
            elapsed_ms,
        };
        if let Some(sink) = self.progress.as_mut() {
            sink(&progress);
        }
    }
}

/// A clock for tests: every reading advances it by `step_ms`.
pub fn stepping_clock(step_ms: f64) -> ClockFn {
    let mut t = 0.0;
    Box::new(move || {
        t += step_ms;
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    #[test]
    fn stops_after_the_limit_on_a_mock_clock() {
        // The clock advances 1 ms per reading; it is read every call.
        let mut budget = Budget::with_clock(10.0, stepping_clock(1.0)).check_every(1);
        let mut calls = 0;
        while !budget.should_stop() {
            calls += 1;
            assert!(calls < 100, "budget never ran out");
        }
        assert_eq!(calls, 9);
        assert!(budget.should_stop(), "a stopped budget stays stopped");
    }

    #[test]
    fn checks_the_clock_only_every_k_calls() {
        let readings = Rc::new(RefCell::new(0));
        let counter = readings.clone();
        let mut budget = Budget::with_clock(
            1e9,
            Box::new(move || {
                *counter.borrow_mut() += 1;
                0.0
            }),
        )
        .check_every(10);
        for _ in 0..100 {
            assert!(!budget.should_stop());
        }
        // One reading at construction, then one per 10 calls.
        assert_eq!(*readings.borrow(), 11);
    }

    #[test]
    fn reports_progress_throttled() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let sink = seen.clone();
        let mut budget = Budget::with_clock(1000.0, stepping_clock(20.0))
            .on_progress(Box::new(move |p| sink.borrow_mut().push(p.score)));
        for score in 0..10 {
            budget.report(score, 0);
        }
        // Each report reads the clock once (+20 ms), so every third one passes the 50 ms gate.
        assert_eq!(*seen.borrow(), vec![0, 3, 6, 9]);
    }

    #[test]
    fn a_share_runs_on_the_same_clock() {
        let mut budget = Budget::with_clock(100.0, stepping_clock(1.0)).check_every(1);
        let mut share = budget.share(10.0);
        // The share started at the budget's second reading: it is spent ten readings later.
        for _ in 0..9 {
            assert!(!share.is_spent());
        }
        assert!(share.is_spent());
        // Every reading of the share moved the budget's clock too: 1 + 1 + 10, then this one.
        assert_eq!(budget.elapsed_ms(), 12.0);
    }

    #[test]
    fn real_clock_moves_forward() {
        let a = now_ms();
        let b = now_ms();
        assert!(b >= a);
    }
}
