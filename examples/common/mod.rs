//! What the measuring examples share. Included with `#[path = "common/mod.rs"] mod common;`
//! (a folder without `main.rs`, so cargo does not take it for an example).

/// This thread's CPU time in milliseconds (Linux `CLOCK_THREAD_CPUTIME_ID`): what one game
/// cost, whatever else the machine runs.
pub fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 * 1e-6
}

/// The same in seconds.
#[allow(dead_code)]
pub fn thread_cpu_seconds() -> f64 {
    thread_cpu_ms() / 1000.0
}
