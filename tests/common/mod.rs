//! Running the `arcade` binary from the integration tests.
#![allow(dead_code)] // each test file uses a part

use std::io::Write;
use std::process::{Command, Stdio};

pub const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");

pub struct Out {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

pub fn arcade_with_stdin(args: &[&str], stdin: &str) -> Out {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcade"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arcade starts");
    // A command that never reads stdin may close it first: ignore a broken pipe.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    Out {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code(),
    }
}

pub fn arcade(args: &[&str]) -> Out {
    arcade_with_stdin(args, "")
}

/// Succeeds (status 0); its output.
pub fn ok(args: &[&str]) -> Out {
    let out = arcade(args);
    assert_eq!(out.code, Some(0), "{args:?}: {}", out.stderr);
    out
}

/// Fails with status 1 or 2 and a message on stderr containing every `needle`.
pub fn fails(args: &[&str], needles: &[&str]) {
    let out = arcade(args);
    assert!(
        matches!(out.code, Some(1) | Some(2)),
        "{args:?} should fail: {:?} {}",
        out.code,
        out.stdout
    );
    has_all(args, &out.stderr, needles);
}

/// Fails with exactly this status (2: a bad argument; 1: any other failure).
#[allow(dead_code)] // not every test binary that shares this module uses it
pub fn fails_with(code: i32, args: &[&str], needles: &[&str]) {
    let out = arcade(args);
    assert_eq!(out.code, Some(code), "{args:?}: {}", out.stderr);
    has_all(args, &out.stderr, needles);
}

fn has_all(args: &[&str], stderr: &str, needles: &[&str]) {
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "{args:?}: '{needle}' not in {stderr}"
        );
    }
}

pub fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{name}")).unwrap()
}
