//! A contestant's program as a child process: started in its own process group so that it
//! and every process it starts can be killed together, fed by a writer thread (the tester
//! never blocks on a program that does not read), read by a reader thread that hands over
//! whole lines (or the whole output) with a size cap, so every wait has a deadline.

use crate::clock::now_ms;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Once;
use std::time::Duration;

/// The longest line an interactive program may print.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most an offline program may print (SquareRemover's 30,000 integers are ~200 kB).
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;

/// How the program's output is read.
#[derive(Clone, Copy, Debug)]
pub enum Reading {
    /// Line by line; `java`: a lone `\r` ends a line too, as `BufferedReader.readLine`.
    Lines { java: bool },
    /// All of it, up to the end of the output.
    Whole,
}

/// What came from the program's output.
#[derive(Debug)]
pub enum Received {
    /// One line, without its line end.
    Line(String),
    /// The whole output (`Reading::Whole`), once it has ended.
    Whole(Vec<u8>),
    /// The output has ended (`Reading::Lines`).
    Ended,
    /// A line longer than `MAX_LINE_BYTES`, or an output longer than `MAX_OUTPUT_BYTES`.
    TooLong,
    /// Nothing before the deadline.
    TimedOut,
}

/// The process groups of the programs running now. A program's group is not the terminal's
/// foreground group, so Ctrl-C reaches only the tester: its handler kills them first.
static GROUPS: [AtomicI32; 1024] = [const { AtomicI32::new(0) }; 1024];

fn register(group: i32) {
    let free = |slot: &&AtomicI32| {
        slot.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    };
    // With more programs than slots at once, a signal would leave the extra ones running.
    let _ = GROUPS.iter().find(free);
}

fn unregister(group: i32) {
    let mine = |slot: &&AtomicI32| {
        slot.compare_exchange(group, 0, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    };
    let _ = GROUPS.iter().find(mine);
}

/// On SIGINT, SIGTERM or SIGHUP: kill every running program's group, then end as the signal
/// would have. Only async-signal-safe calls (atomic loads, killpg, signal, raise).
extern "C" fn end_programs(signal: libc::c_int) {
    for slot in &GROUPS {
        let group = slot.load(Ordering::SeqCst);
        if group > 0 {
            // SAFETY: no memory is touched.
            unsafe { libc::killpg(group, libc::SIGKILL) };
        }
    }
    // SAFETY: restores the default action and delivers the signal again.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

fn end_programs_on_signals() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            let handler = end_programs as extern "C" fn(libc::c_int) as libc::sighandler_t;
            // SAFETY: the handler only makes async-signal-safe calls.
            unsafe { libc::signal(signal, handler) };
        }
    });
}

pub struct Program {
    child: Child,
    /// To the writer thread; `None` once the program's input is closed.
    input: Option<Sender<String>>,
    output: Receiver<Received>,
    /// The exit status once reaped.
    status: Option<ExitStatus>,
    killed: bool,
}

impl Program {
    /// Starts `command` (program and arguments) with piped stdin/stdout and `stderr`.
    pub fn start(command: &[String], stderr: Stdio, reading: Reading) -> Result<Program, String> {
        let (program, args) = command
            .split_first()
            .ok_or("no program to run: give it after --")?;
        end_programs_on_signals();
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start '{program}': {e}"))?;
        register(child.id() as i32);
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (input, to_write) = mpsc::channel();
        let (read, output) = mpsc::channel();
        std::thread::spawn(move || write_all(stdin, to_write));
        // Not joined: a process that escaped the group could keep the pipe open forever.
        std::thread::spawn(move || match reading {
            Reading::Lines { java } => read_lines(stdout, java, read),
            Reading::Whole => read_whole(stdout, read),
        });
        Ok(Program {
            child,
            input: Some(input),
            output,
            status: None,
            killed: false,
        })
    }

    /// Queues `text` for the program's input (nothing once the input is closed).
    pub fn send(&self, text: String) {
        if let Some(input) = &self.input {
            if !text.is_empty() {
                // An error means the writer has stopped: the program closed its input.
                let _ = input.send(text);
            }
        }
    }

    /// Closes the program's input once everything queued has been written.
    pub fn close_input(&mut self) {
        self.input = None;
    }

    /// The next thing from the program's output, waiting at most `timeout_ms`.
    pub fn receive(&self, timeout_ms: f64) -> Received {
        let timeout = Duration::from_secs_f64(timeout_ms.max(0.0) / 1000.0);
        match self.output.recv_timeout(timeout) {
            Ok(received) => received,
            Err(RecvTimeoutError::Timeout) => Received::TimedOut,
            // The reader has stopped after `TooLong` or the end.
            Err(RecvTimeoutError::Disconnected) => Received::Ended,
        }
    }

    /// Waits until the program has exited by itself, at the latest until `until`
    /// (`clock::now_ms` time); its exit status, or `None` if it still runs.
    pub fn wait_exit(&mut self, until: f64) -> Option<ExitStatus> {
        loop {
            if let Some(status) = self.reap() {
                return Some(status);
            }
            if now_ms() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn reap(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            self.status = self.child.try_wait().ok().flatten();
        }
        self.status
    }

    /// Kills the program's whole process group (once) and reaps the program; its exit status.
    ///
    /// The group is killed even when the program has exited and been reaped: what it started
    /// is still in the group. Its id cannot be reused while any of them lives, and a new
    /// process could only be hit if the id were handed out again as a group id in between.
    pub fn kill(&mut self) -> ExitStatus {
        self.input = None;
        if !std::mem::replace(&mut self.killed, true) {
            let group = self.child.id() as libc::pid_t;
            // SAFETY: killpg has no memory effects; a group that is already gone gives ESRCH.
            unsafe {
                libc::killpg(group, libc::SIGKILL);
            }
            unregister(group);
        }
        match self.status {
            Some(status) => status,
            None => {
                let status = self.child.wait().expect("the program can be waited for");
                self.status = Some(status);
                status
            }
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill();
    }
}

fn write_all(mut stdin: ChildStdin, texts: Receiver<String>) {
    for text in texts {
        if stdin.write_all(text.as_bytes()).is_err() {
            return;
        }
    }
}

fn read_lines(stdout: ChildStdout, java: bool, lines: Sender<Received>) {
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut line = Vec::new();
    // Java's readLine after a `\r`: a `\n` right after it belongs to the same line end.
    let mut skip_lf = false;
    let send_line = |line: &mut Vec<u8>| {
        let text = String::from_utf8_lossy(line).into_owned();
        line.clear();
        lines.send(Received::Line(text)).is_ok()
    };
    loop {
        let buffer = match reader.fill_buf() {
            Ok([]) => break,
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let length = buffer.len();
        for &byte in buffer {
            if std::mem::take(&mut skip_lf) && byte == b'\n' {
                continue;
            }
            match byte {
                b'\n' => {
                    if !send_line(&mut line) {
                        return;
                    }
                }
                b'\r' if java => {
                    skip_lf = true;
                    if !send_line(&mut line) {
                        return;
                    }
                }
                _ if line.len() == MAX_LINE_BYTES => {
                    let _ = lines.send(Received::TooLong);
                    return;
                }
                _ => line.push(byte),
            }
        }
        reader.consume(length);
    }
    // A last line without a line end still counts, as for readLine.
    if !line.is_empty() && !send_line(&mut line) {
        return;
    }
    let _ = lines.send(Received::Ended);
}

fn read_whole(stdout: ChildStdout, whole: Sender<Received>) {
    let mut bytes = Vec::new();
    let limit = MAX_OUTPUT_BYTES as u64 + 1;
    let received = match stdout.take(limit).read_to_end(&mut bytes) {
        Ok(_) if bytes.len() > MAX_OUTPUT_BYTES => Received::TooLong,
        _ => Received::Whole(bytes),
    };
    let _ = whole.send(received);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything a shell command prints, as the reader hands it over.
    fn received(script: &str, reading: Reading) -> Vec<String> {
        let command = ["sh".to_string(), "-c".into(), script.into()];
        let program = Program::start(&command, Stdio::null(), reading).unwrap();
        let mut got = Vec::new();
        loop {
            match program.receive(5000.0) {
                Received::Line(line) => got.push(line),
                Received::Whole(bytes) => got.push(format!("whole {}", bytes.len())),
                Received::Ended => return got,
                other => {
                    got.push(format!("{other:?}"));
                    return got;
                }
            }
        }
    }

    #[test]
    fn lines_end_as_java_or_rust_reads_them() {
        let script = r"printf 'a\r\nb\rc\n\nd'";
        let java = received(script, Reading::Lines { java: true });
        assert_eq!(java, ["a", "b", "c", "", "d"]);
        let rust = received(script, Reading::Lines { java: false });
        assert_eq!(rust, ["a\r", "b\rc", "", "d"]);
    }

    #[test]
    fn output_is_capped() {
        let long_line = format!("head -c {} /dev/zero", MAX_LINE_BYTES + 1);
        let got = received(&long_line, Reading::Lines { java: false });
        assert_eq!(got, ["TooLong"]);
        let fits = format!("head -c {MAX_LINE_BYTES} /dev/zero");
        assert_eq!(received(&fits, Reading::Lines { java: false }).len(), 1);
        let whole = format!("head -c {} /dev/zero", MAX_OUTPUT_BYTES);
        let got = received(&whole, Reading::Whole);
        assert_eq!(got, [format!("whole {MAX_OUTPUT_BYTES}")]);
        let too_much = format!("head -c {} /dev/zero", MAX_OUTPUT_BYTES + 1);
        assert_eq!(received(&too_much, Reading::Whole), ["TooLong"]);
    }

    #[test]
    fn a_program_that_cannot_start_is_named() {
        let command = ["/no/such/program".to_string()];
        let e = Program::start(&command, Stdio::null(), Reading::Whole)
            .err()
            .unwrap();
        assert!(e.starts_with("cannot start '/no/such/program'"), "{e}");
    }
}
