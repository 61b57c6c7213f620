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

/// Solves `a x = b` (a symmetric positive definite) by Gaussian elimination.
#[allow(dead_code)]
pub fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for i in 0..n {
        let p = a[i][i];
        for j in i + 1..n {
            let f = a[j][i] / p;
            let pivot_row = a[i].clone();
            for (x, y) in a[j].iter_mut().zip(pivot_row).skip(i) {
                *x -= f * y;
            }
            b[j] -= f * b[i];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|k| a[i][k] * x[k]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    x
}

/// The game parameters the environment forces (e.g. `M=2 U=4` for `names` ["M", "U"]), as
/// `arcade gen --M 2 --U 4` would; the others are drawn by the generator.
#[allow(dead_code)]
pub fn params_from_env(names: &[&str]) -> arcade::game::Params {
    let mut params = arcade::game::Params::new();
    for name in names {
        if let Ok(v) = std::env::var(name) {
            let value = v
                .parse()
                .unwrap_or_else(|_| panic!("{name}: not an integer: {v}"));
            params.insert(name.to_string(), value);
        }
    }
    params
}

/// Prints a table of weights as the Rust constant `WEIGHTS` (one row per level cap U), after
/// a comment naming its columns: the form `read_weights` reads back.
#[allow(dead_code)]
pub fn print_weights<R: AsRef<[f64]>>(
    names: &[&str],
    rows: impl IntoIterator<Item = R>,
    decimals: usize,
) {
    println!("// {}", names.join(", "));
    println!("pub const WEIGHTS: [[f64; FEATURES]; 5] = [");
    for w in rows {
        let w: Vec<String> = w
            .as_ref()
            .iter()
            .map(|v| format!("{v:.decimals$}"))
            .collect();
        println!("    [{}],", w.join(", "));
    }
    println!("];");
}

/// The weights table (5 rows of `policy::FEATURES` numbers, one per U) in the output of
/// `territory_policy fit`: the lines `[w, w, ...],` of its Rust array (rows fitted with
/// fewer features, before some were appended, get weight 0 for the missing ones).
#[allow(dead_code)]
pub fn read_weights(file: &str) -> [[f64; arcade::games::territory::solver::policy::FEATURES]; 5] {
    let text = std::fs::read_to_string(file).expect("readable weights file");
    let rows: Vec<Vec<f64>> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('[') && l.ends_with("],"))
        .map(|l| {
            l.trim_start_matches('[')
                .trim_end_matches("],")
                .split(',')
                .map(|v| v.trim().parse().expect("number"))
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 5, "five rows of weights in {file}");
    std::array::from_fn(|u| std::array::from_fn(|k| rows[u].get(k).copied().unwrap_or(0.0)))
}
