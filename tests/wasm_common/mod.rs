//! The wasm test bodies, run twice: in a page (`wasm_page.rs`) and in a dedicated worker
//! (`wasm_worker.rs`). They call the exported API exactly as the page does and compare with
//! the golden files the native tests also check, so wasm and native give the same answers.

/// Defines the `#[wasm_bindgen_test]` functions in the calling test file.
#[macro_export]
macro_rules! wasm_tests {
    () => {
        use arcade::web::{self, Play};
        use wasm_bindgen::JsValue;
        use wasm_bindgen_test::wasm_bindgen_test;

        const SR_INPUT_3: &str = include_str!("data/square-remover/3.in");
        const SR_PATTERNED_3: &str = include_str!("data/square-remover/3-patterned.out");
        const S2_INPUT_7: &str = include_str!("data/strip2048/seed7.in");
        const S2_EXACT_7: &str = include_str!("data/strip2048/seed7-exact.out");
        const LINES_GREEDY_1: &str = include_str!("data/lines/seed1-greedy.out");
        const LINES_FIRST_2: &str = include_str!("data/lines/seed2-first.out");

        fn field(value: &JsValue, name: &str) -> JsValue {
            js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap()
        }

        #[wasm_bindgen_test]
        fn lists_every_game_with_decimal_seed_ranges() {
            let games = web::games();
            let array = js_sys::Array::from(&games);
            assert!(array.length() >= 1);
            let first = array.get(0);
            assert_eq!(field(&first, "id").as_string().unwrap(), "square-remover");
            assert_eq!(
                field(&first, "max_seed").as_string().unwrap(),
                "9223372036854775807"
            );
        }

        #[wasm_bindgen_test]
        fn square_remover_input_matches_the_native_golden_file() {
            let text = web::input_text("square-remover", "3", JsValue::UNDEFINED).unwrap();
            assert_eq!(text, SR_INPUT_3);
            let label = web::describe("square-remover", "3", JsValue::UNDEFINED).unwrap();
            assert_eq!(label, "colors=5 n=8");
        }

        #[wasm_bindgen_test]
        fn relative_scores_follow_each_contests_rule() {
            // AHC061: round(1e9 x YOUR / MAX) summed; an invalid output (null) scores 0.
            let runs = js_sys::JSON::parse("[[1, null, 200], [3, 5, 100]]").unwrap();
            let result = web::relative_scores("territory", runs).unwrap();
            let totals = js_sys::JSON::stringify(&field(&result, "totals")).unwrap();
            assert_eq!(String::from(totals), "[1333333333,2500000000]");
            assert!(field(&result, "formula")
                .as_string()
                .unwrap()
                .contains("round(10⁹ × YOUR / MAX)"));
            assert!(web::relative_scores("nope", JsValue::NULL).is_err());
        }

        #[wasm_bindgen_test]
        fn square_remover_scores_the_jar_vector() {
            let result = web::score("square-remover", "3", JsValue::NULL, SR_PATTERNED_3).unwrap();
            assert_eq!(field(&result, "score").as_f64(), Some(5.0));
            assert!(field(&result, "error").is_null());
        }

        #[wasm_bindgen_test]
        fn bad_requests_and_outputs_are_errors_not_panics() {
            assert!(web::input_text("square-remover", "0", JsValue::NULL).is_err());
            assert!(web::input_text("square-remover", "1e9", JsValue::NULL).is_err());
            assert!(web::input_text("nope", "1", JsValue::NULL).is_err());
            let bad = web::score("square-remover", "3", JsValue::NULL, "0\n0\n0\n").unwrap();
            assert_eq!(field(&bad, "turn").as_f64(), Some(0.0));
            assert!(field(&bad, "error")
                .as_string()
                .unwrap()
                .contains("leaves the board"));
            // The official jar reads one integer per line: "0 0 0" is unreadable at line 1.
            let bad = web::score("square-remover", "3", JsValue::NULL, "0 0 0").unwrap();
            assert_eq!(error_at(&bad), (1, Some(1)));
            assert!(reason_of(&bad).starts_with("line 1 is '0 0 0', not one integer"));
        }

        /// `{move, line}` of a structured error (move and line from 1, line null = None),
        /// checking that `turn` is the same move from 0, as the page read it before.
        fn error_at(error: &JsValue) -> (u32, Option<u32>) {
            let number = |name| field(error, name).as_f64().map(|x| x as u32);
            let moved = number("move").expect("a move");
            assert_eq!(number("turn"), Some(moved - 1));
            let line = field(error, "line");
            assert!(line.is_null() || line.as_f64().is_some(), "line: {line:?}");
            (moved, number("line"))
        }

        /// The `reason` of a structured error: never prefixed by "move K:".
        fn reason_of(error: &JsValue) -> String {
            let reason = field(error, "reason").as_string().expect("a reason");
            assert!(!reason.starts_with("move "), "{reason}");
            reason
        }

        #[wasm_bindgen_test]
        fn errors_are_structured_wherever_they_leave() {
            // score(): a success has the new fields null; an error has them all.
            let ok = web::score("lines", "1", JsValue::NULL, LINES_GREEDY_1).unwrap();
            for name in ["move", "line", "reason", "turn", "error"] {
                assert!(field(&ok, name).is_null(), "{name}");
            }
            let bad = web::score("lines", "1", JsValue::NULL, "1 6 0 0\n9 9 0 0\n").unwrap();
            assert_eq!(error_at(&bad), (2, Some(2)));
            assert_eq!(reason_of(&bad), "cell (9, 9) is off the 7x7 board");
            assert!(field(&bad, "score").is_null());
            assert_eq!(
                field(&bad, "error").as_string().unwrap(),
                "move 1: cell (9, 9) is off the 7x7 board"
            );
            // Play.loadOutput and Play.incomplete.
            let mut play = Play::new("lines", "1", JsValue::NULL).unwrap();
            let loaded = play.load_output("1 6 0 0\n9 9 0 0\n");
            assert_eq!(error_at(&loaded), (2, Some(2)));
            assert_eq!(reason_of(&loaded), "cell (9, 9) is off the 7x7 board");
            assert!(play.load_output("1 6 0 0\n").is_null());
            let incomplete = play.incomplete();
            assert_eq!(
                error_at(&incomplete),
                (2, None),
                "the output ended: no line"
            );
            assert!(reason_of(&incomplete).contains("not over"));
            // Play.play and Play.preview throw an Error with the fields (no line: by hand).
            let thrown = JsValue::from(play.play("0 0 9 9").unwrap_err());
            assert_eq!(error_at(&thrown), (2, None));
            assert!(reason_of(&thrown).contains("off the 7x7 board"));
            let message = js_sys::Error::from(thrown).message();
            assert_eq!(
                String::from(message),
                "move 1: cell (9, 9) is off the 7x7 board"
            );
            let thrown = JsValue::from(play.preview("x").unwrap_err());
            assert_eq!(error_at(&thrown), (2, None));
            // solveFrom: a bad prefix names its move and line.
            let thrown = web::solve_from(
                "lines",
                "1",
                JsValue::NULL,
                "1 6 0 0\nx\n",
                "greedy",
                100.0,
                None,
            )
            .unwrap_err();
            assert_eq!(error_at(&thrown), (2, Some(2)));
            // A request error is a plain Error, with no move.
            let thrown = web::solve("lines", "1", JsValue::NULL, "nope", 100.0, None).unwrap_err();
            assert!(field(&thrown, "move").is_undefined());
        }

        #[wasm_bindgen_test]
        fn lines_are_counted_as_each_games_reader_counts_them() {
            // Lines: every line is a move, a blank one too.
            let bad = web::score("lines", "1", JsValue::NULL, "1 6 0 0\n\n0 0 0 1\n").unwrap();
            assert_eq!(error_at(&bad), (2, Some(2)));
            let mut play = Play::new("lines", "1", JsValue::NULL).unwrap();
            assert_eq!(error_at(&play.load_output("1 6 0 0\r\n\r\n")), (2, Some(2)));
            // The move on the line before the unreadable one stays, to be replayed.
            assert_eq!(
                play.moves(),
                1,
                "the moves before an unreadable line are kept"
            );
            // TilesMatching: a blank line is a reply (refused); a lone CR ends a line.
            let text = "5 5\r5 6\n\nGIVE UP\n";
            let bad = web::score("tiles-matching", "1", JsValue::NULL, text).unwrap();
            assert_eq!(error_at(&bad), (3, Some(3)));
            assert!(reason_of(&bad).contains("empty reply"));
            let mut play = Play::new("tiles-matching", "1", JsValue::NULL).unwrap();
            assert_eq!(error_at(&play.load_output(text)), (3, Some(3)));
            // ... and a refused reply after blank-free lines: 41 at (0, 0) touches nothing.
            let bad = web::score("tiles-matching", "1", JsValue::NULL, "5 5\n5 6\n0 0\n").unwrap();
            assert_eq!(error_at(&bad), (3, Some(3)));
            // Territory skips blank and comment lines, and still counts them.
            let text = "# mine\n\n5 1\n\n# again\n9 9\n";
            let bad = web::score("territory", "3", JsValue::NULL, text).unwrap();
            assert_eq!(error_at(&bad), (2, Some(6)));
            let mut play = Play::new("territory", "3", JsValue::NULL).unwrap();
            assert_eq!(error_at(&play.load_output(text)), (2, Some(6)));
            // SquareRemover: value K on line K + 1, move M from line 3M + 1 (the line named).
            let bad =
                web::score("square-remover", "3", JsValue::NULL, "0\n0\n1\n7\n7\n1\n").unwrap();
            assert_eq!(error_at(&bad), (2, Some(4)));
            let bad = web::score("square-remover", "3", JsValue::NULL, "0\n0\n1\n0\n0 \n").unwrap();
            assert_eq!(error_at(&bad), (2, Some(4)));
            assert!(reason_of(&bad).starts_with("line 5 is '0 ', not one integer"));
            // Strip 2048: a letter's line.
            let bad = web::score("strip2048", "7", JsValue::NULL, "l r\n\nrx").unwrap();
            assert_eq!(error_at(&bad), (4, Some(3)));
        }

        #[wasm_bindgen_test]
        fn instance_params_are_an_object_beside_the_label() {
            let drawn = web::instance_params("lines", "1", JsValue::NULL).unwrap();
            assert_eq!(
                String::from(js_sys::JSON::stringify(&drawn).unwrap()),
                r#"{"N":7,"C":3}"#
            );
            assert_eq!(
                web::describe("lines", "1", JsValue::NULL).unwrap(),
                "N=7 C=3"
            );
            let params = js_sys::JSON::parse(r#"{"d": 4}"#).unwrap();
            let drawn = web::instance_params("tiles-matching", "1", params).unwrap();
            assert_eq!(
                String::from(js_sys::JSON::stringify(&drawn).unwrap()),
                r#"{"N":6,"S":11,"D":4}"#
            );
            let drawn = web::instance_params("square-remover", "3", JsValue::NULL).unwrap();
            assert_eq!(field(&drawn, "colors").as_f64(), Some(5.0));
            assert_eq!(field(&drawn, "n").as_f64(), Some(8.0));
            assert!(web::instance_params("lines", "0", JsValue::NULL).is_err());
        }

        #[wasm_bindgen_test]
        fn a_session_replays_and_seeks() {
            let mut play = Play::new("square-remover", "3", JsValue::NULL).unwrap();
            assert!(play.load_output(SR_PATTERNED_3).is_null());
            assert!(play.incomplete().is_null());
            assert_eq!(play.moves(), 10_000);
            play.seek(4_321);
            assert_eq!(play.cursor(), 4_321);
            let frame = play.frame();
            assert_eq!(field(&frame, "turn").as_f64(), Some(4321.0));
            play.seek(10_000);
            assert_eq!(field(&play.frame(), "score").as_f64(), Some(5.0));
            assert!(play.play("0 0 9").is_err());
        }

        #[wasm_bindgen_test]
        fn strip2048_input_matches_the_native_golden_file() {
            let text = web::input_text("strip2048", "7", JsValue::UNDEFINED).unwrap();
            assert_eq!(text, S2_INPUT_7);
        }

        #[wasm_bindgen_test]
        fn strip2048_scores_the_optimal_move_string_as_native() {
            // 2996 is `arcade ipsc2014b hard` on seed 7's input, and the CLI's score of it.
            let result = web::score("strip2048", "7", JsValue::NULL, S2_EXACT_7).unwrap();
            assert_eq!(field(&result, "score").as_f64(), Some(2996.0));
            let bad = web::score("strip2048", "7", JsValue::NULL, "lrx").unwrap();
            assert_eq!(field(&bad, "turn").as_f64(), Some(2.0));
        }

        #[wasm_bindgen_test]
        fn strip2048_analysis_is_exact_and_its_move_keeps_the_best() {
            let mut play = Play::new("strip2048", "7", JsValue::NULL).unwrap();
            // 200 moves into the optimal game, so that the exact search left is small next to
            // the page's 500 ms on any machine (natively, src/games/strip2048/mod.rs checks the
            // whole game on a mock clock).
            for letter in S2_EXACT_7.trim().chars().take(200) {
                play.play(&letter.to_string()).unwrap();
            }
            let first = play.analyze();
            assert_eq!(field(&first, "exact").as_bool(), Some(true));
            assert_eq!(field(&first, "best").as_string().unwrap(), "2996");
            let next = field(&first, "next").as_string().unwrap();
            play.play(&next).unwrap();
            assert_eq!(field(&play.analyze(), "best").as_string().unwrap(), "2996");
            let view = field(&play.frame(), "view");
            assert!(field(&view, "score_text").is_string());
            // A long strip: the page's limits say so instead of freezing it.
            let params = js_sys::JSON::parse(r#"{"n": 40}"#).unwrap();
            let long = Play::new("strip2048", "7", params).unwrap();
            assert_eq!(field(&long.analyze(), "exact").as_bool(), Some(false));
        }

        #[wasm_bindgen_test]
        fn tiles_matching_inputs_open_with_the_statements_ten_examples() {
            // Examples 0..9 of the MM53 statement are seeds 1..10: N, S, D head the input.
            let examples = [
                "6 11 3", "10 8 2", "9 9 4", "4 10 3", "7 10 2", "7 9 4", "8 10 2", "8 12 4",
                "7 8 2", "8 8 2",
            ];
            for (i, expected) in examples.iter().enumerate() {
                let seed = (i + 1).to_string();
                let text = web::input_text("tiles-matching", &seed, JsValue::UNDEFINED).unwrap();
                // N, S and D one per line, as the official tester sends them.
                let head: Vec<&str> = text.lines().take(3).collect();
                assert_eq!(head.join(" "), *expected, "seed {seed}");
                // The first tile is always a wildcard, then one tile a line for 10,000 turns.
                assert_eq!(text.lines().nth(3), Some("W"));
                assert_eq!(text.lines().count(), 10_003);
            }
        }

        #[wasm_bindgen_test]
        fn tiles_matching_scores_the_golden_outputs_as_native() {
            let give_up = include_str!("data/tiles-matching/seed1-give-up.out");
            let result = web::score("tiles-matching", "1", JsValue::NULL, give_up).unwrap();
            assert_eq!(field(&result, "score").as_f64(), Some(10.0));
            let bad = include_str!("data/tiles-matching/seed1-bad-match.out");
            let result = web::score("tiles-matching", "1", JsValue::NULL, bad).unwrap();
            assert_eq!(field(&result, "turn").as_f64(), Some(10.0));
            let reason = field(&result, "error").as_string().unwrap();
            assert!(
                reason.contains("tile 20 at (3, 3) matches neither"),
                "{reason}"
            );
            // A whole 10,000-reply game from the CLI's eval solver: the same score as native,
            // and a session seeks anywhere in it.
            let whole = include_str!("data/tiles-matching/seed4-eval.out");
            let result = web::score("tiles-matching", "4", JsValue::NULL, whole).unwrap();
            assert_eq!(field(&result, "score").as_f64(), Some(19134.0));
            let mut play = Play::new("tiles-matching", "4", JsValue::NULL).unwrap();
            assert!(play.load_output(whole).is_null());
            assert_eq!(play.moves(), 10_000);
            play.seek(7_777);
            assert_eq!(field(&play.frame(), "turn").as_f64(), Some(7777.0));
            play.seek(10_000);
            assert_eq!(field(&play.frame(), "score").as_f64(), Some(19134.0));
        }

        #[wasm_bindgen_test]
        fn tiles_matching_official_scores_in_the_pages_session() {
            // The official MM53 tester's scores of a published program's replies
            // (tests/data/tiles-matching/official): a short, a middle and a full game.
            let table = include_str!("data/tiles-matching/official/scores.tsv");
            let official = |seed: &str| -> f64 {
                let row = table.lines().find(|l| l.split('\t').next() == Some(seed));
                row.unwrap().split('\t').nth(1).unwrap().parse().unwrap()
            };
            let games = [
                ("2", include_str!("data/tiles-matching/official/0002.txt")),
                ("7", include_str!("data/tiles-matching/official/0007.txt")),
                ("15", include_str!("data/tiles-matching/official/0015.txt")),
            ];
            for (seed, replies) in games {
                let scored = web::score("tiles-matching", seed, JsValue::NULL, replies).unwrap();
                assert_eq!(
                    field(&scored, "score").as_f64(),
                    Some(official(seed)),
                    "{seed}"
                );
                let mut play = Play::new("tiles-matching", seed, JsValue::NULL).unwrap();
                assert!(play.load_output(replies).is_null(), "seed {seed}");
                assert!(play.incomplete().is_null(), "seed {seed}");
                assert!(play.is_over(), "seed {seed}");
                let score = field(&play.frame(), "score").as_f64();
                assert_eq!(score, Some(official(seed)), "seed {seed}");
            }
        }

        #[wasm_bindgen_test]
        fn tiles_matching_session_shows_the_hand_the_legal_cells_and_refusals() {
            let mut play = Play::new("tiles-matching", "1", JsValue::NULL).unwrap();
            let view = field(&play.frame(), "view");
            assert_eq!(field(&view, "tile").as_string().unwrap(), "W");
            assert_eq!(js_sys::Array::from(&field(&view, "legal")).length(), 121);
            play.play("5 5").unwrap();
            let view = field(&play.frame(), "view");
            assert_eq!(field(&view, "tile").as_string().unwrap(), "52");
            assert_eq!(js_sys::Array::from(&field(&view, "legal")).length(), 4);
            // -2 is a wildcard on the board.
            let board = js_sys::Array::from(&field(&view, "board"));
            assert_eq!(board.get(5 * 11 + 5).as_f64(), Some(-2.0));
            assert!(play.play("0 0").is_err());
            assert!(play.play("DISCARD").is_ok());
            assert_eq!(
                field(&field(&play.frame(), "view"), "counter").as_f64(),
                Some(1.0)
            );
            assert!(play.undo());
            play.play("GIVE UP").unwrap();
            assert!(play.is_over());
            assert_eq!(field(&play.frame(), "score").as_f64(), Some(1.0));
            assert_eq!(play.output_text(), "5 5\nGIVE UP\n");
        }

        #[wasm_bindgen_test]
        fn territory_session_scores_the_judge_record_and_refuses_bad_moves() {
            // tester.exe scored this record 69875 (tests/data/territory/README.md).
            let record = include_str!("data/territory/seed3-judge.out");
            let mut play = Play::new("territory", "3", JsValue::NULL).unwrap();
            assert!(play.load_output(record).is_null());
            assert_eq!(play.moves(), 100);
            assert_eq!(field(&play.frame(), "score").as_f64(), Some(69875.0));
            play.seek(1);
            let view = field(&play.frame(), "view");
            let from = js_sys::Array::from(&field(&view, "from"));
            assert_eq!(from.length(), 6, "seed 3 has M = 6");
            play.seek(0);
            let err = play.play("9 9").unwrap_err();
            let message = field(&JsValue::from(err), "message").as_string().unwrap();
            assert!(
                message.contains("invalid move from (5, 0) to (9, 9)"),
                "{message}"
            );
            assert_eq!(play.moves(), 100, "a refused move keeps the loaded game");
            play.play("5 1").unwrap();
            assert_eq!(play.moves(), 1);
        }

        #[wasm_bindgen_test]
        fn lines_seeds_1_to_10_match_the_generator_table() {
            // Seeds 1..10 as the official generator draws them (gen.rs's table, checked
            // natively too): N, C, the three starting
            // balls (row, col, colour) and the first three colours to spawn.
            let table: [(usize, u8, [(usize, usize, u8); 3], [u8; 3]); 10] = [
                (7, 3, [(5, 4, 3), (4, 0, 2), (1, 6, 1)], [1, 2, 3]),
                (11, 9, [(5, 1, 4), (2, 2, 8), (1, 7, 7)], [4, 2, 8]),
                (10, 8, [(2, 8, 5), (4, 2, 3), (1, 3, 5)], [2, 7, 6]),
                (7, 6, [(6, 5, 5), (4, 1, 1), (6, 6, 3)], [1, 4, 6]),
                (8, 3, [(0, 7, 1), (5, 6, 1), (3, 3, 1)], [2, 1, 2]),
                (8, 8, [(4, 0, 3), (1, 3, 7), (1, 6, 4)], [2, 1, 4]),
                (11, 5, [(5, 8, 1), (4, 5, 2), (2, 4, 3)], [5, 1, 4]),
                (7, 9, [(3, 4, 5), (0, 0, 4), (4, 6, 5)], [6, 1, 3]),
                (9, 4, [(6, 4, 4), (0, 0, 2), (4, 5, 3)], [1, 2, 3]),
                (7, 6, [(4, 0, 6), (1, 0, 4), (5, 1, 5)], [5, 2, 1]),
            ];
            for (i, (n, c, balls, next)) in table.into_iter().enumerate() {
                let seed = (i + 1).to_string();
                let mut expected = vec![b'0'; n * n];
                for (r, col, colour) in balls {
                    expected[r * n + col] = b'0' + colour;
                }
                let text = web::input_text("lines", &seed, JsValue::NULL).unwrap();
                let (head, rows) = text.split_once('\n').unwrap();
                assert_eq!(head, format!("{n} {c}"), "seed {seed}");
                assert_eq!(rows.replace('\n', "").as_bytes(), expected, "seed {seed}");
                let play = Play::new("lines", &seed, JsValue::NULL).unwrap();
                let view = field(&play.frame(), "view");
                let shown: Vec<u8> = js_sys::Array::from(&field(&view, "next"))
                    .iter()
                    .map(|x| x.as_f64().unwrap() as u8)
                    .collect();
                assert_eq!(shown, next, "seed {seed}");
            }
        }

        #[wasm_bindgen_test]
        fn lines_scores_the_golden_outputs_as_native() {
            let greedy = web::score("lines", "1", JsValue::NULL, LINES_GREEDY_1).unwrap();
            assert_eq!(field(&greedy, "score").as_f64(), Some(64.0));
            let first = web::score("lines", "2", JsValue::NULL, LINES_FIRST_2).unwrap();
            assert_eq!(field(&first, "score").as_f64(), Some(0.0));
            let bad = web::score("lines", "1", JsValue::NULL, "1 6 0 0\n9 9 0 0\n").unwrap();
            assert_eq!(field(&bad, "turn").as_f64(), Some(1.0));
            assert!(field(&bad, "error")
                .as_string()
                .unwrap()
                .contains("cell (9, 9) is off the 7x7 board"));
        }

        #[wasm_bindgen_test]
        fn a_lines_session_moves_a_ball_and_refuses_an_unreachable_target() {
            let mut play = Play::new("lines", "1", JsValue::NULL).unwrap();
            play.play("1 6 0 0").unwrap();
            let view = field(&play.frame(), "view");
            let path = js_sys::Array::from(&field(&view, "path"));
            assert_eq!(path.length(), 8);
            let spawned = js_sys::Array::from(&field(&view, "spawned"));
            let first: Vec<f64> = js_sys::Array::from(&spawned.get(0))
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            assert_eq!(first, [3.0, 6.0, 1.0]);
            // The seed 2 first-move output fills the board in 40 moves. After 39, (9, 8) is
            // walled off from the ball at (0, 0); at the end every move is refused.
            let mut play = Play::new("lines", "2", JsValue::NULL).unwrap();
            assert!(play.load_output(LINES_FIRST_2).is_null());
            play.seek(39);
            let error = play.play("0 0 9 8").unwrap_err();
            let message = String::from(js_sys::Error::from(JsValue::from(error)).message());
            assert_eq!(
                message,
                "move 39: no path of empty cells from (0, 0) to (9, 8)"
            );
            assert_eq!((play.cursor(), play.moves()), (39, 40));
            play.seek(40);
            assert!(play.is_over());
            let view = field(&play.frame(), "view");
            assert_eq!(field(&view, "end").as_string().unwrap(), "full");
            let error = play.play("0 0 0 1").unwrap_err();
            let message = js_sys::Error::from(JsValue::from(error)).message();
            assert!(String::from(message).contains("over"));
        }

        #[wasm_bindgen_test]
        fn the_clock_runs_and_a_solver_respects_its_budget() {
            let t0 = arcade::clock::now_ms();
            let result =
                web::solve("square-remover", "4", JsValue::NULL, "greedy", 200.0, None).unwrap();
            assert!(arcade::clock::now_ms() > t0);
            assert_eq!(field(&result, "moves").as_f64(), Some(10_000.0));
            let output = field(&result, "output").as_string().unwrap();
            let scored = web::score("square-remover", "4", JsValue::NULL, &output).unwrap();
            assert_eq!(
                field(&scored, "score").as_f64(),
                field(&result, "score").as_f64()
            );
        }
    };
}
