//! Any text as IPSC 2014 B's easy input (tests, each a strip and its moves), read and replayed
//! as `arcade ipsc2014b easy` does: an answer or a reason, never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(reason) = arcade::games::strip2048::ipsc::solve_easy(&text) {
        assert!(!reason.is_empty());
    }
});
