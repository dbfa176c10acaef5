//! Browser tests of the values read back from JavaScript (`read`): the saved game, the
//! workers' replies, the lab's reports and `embed()`'s options, each as it is written and
//! each refused with a message naming the field, what was expected and what was found.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

use super::read::Value;

wasm_bindgen_test_configure!(run_in_browser);

/// A value as JSON text.
fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().into()
}

/// What `text` (JSON) reads as.
fn parse(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

/// Asserts that reading gave an error equal to `says`.
#[track_caller]
fn refused<T>(read: Result<T, String>, says: &str) {
    match read {
        Err(e) => assert_eq!(e, says),
        Ok(_) => panic!("read, though it should say: {says}"),
    }
}

#[wasm_bindgen_test]
fn each_reader_names_the_field_what_it_expected_and_what_it_found() {
    let o = Value::root(parse(
        r#"{"s":"text","n":1.5,"w":7,"b":true,"a":["x",2],"o":{"deep":[1,"two"]},"z":null}"#,
    ));
    assert_eq!(o.get("s").unwrap().string().unwrap(), "text");
    assert_eq!(o.get("n").unwrap().number().unwrap(), 1.5);
    assert_eq!(o.get("w").unwrap().u32().unwrap(), 7);
    assert!(o.get("b").unwrap().bool().unwrap());
    refused(
        o.get("n").unwrap().string(),
        "n: expected a string, found the number 1.5",
    );
    refused(
        o.get("n").unwrap().u32(),
        "n: expected a whole number from 0 to 4294967295, found the number 1.5",
    );
    refused(
        o.get("s").unwrap().number(),
        r#"s: expected a number, found the string "text""#,
    );
    refused(
        o.get("w").unwrap().bool(),
        "w: expected true or false, found the number 7",
    );
    refused(
        o.get("b").unwrap().array(),
        "b: expected an array, found true",
    );
    refused(
        o.get("a").unwrap().each(Value::string),
        "a[1]: expected a string, found the number 2",
    );
    refused(
        o.get("a").unwrap().tuple::<3>(),
        "a: expected an array of 3, found an array",
    );
    let deep = o.get("o").unwrap().get("deep").unwrap();
    refused(
        deep.each(Value::u32),
        r#"o.deep[1]: expected a whole number from 0 to 4294967295, found the string "two""#,
    );
    refused(
        o.get("missing").unwrap().string(),
        "missing: expected a string, found undefined",
    );
    refused(
        o.get("z").unwrap().u8(),
        "z: expected a whole number from 0 to 255, found null",
    );
    refused(
        o.get("s").unwrap().get("length"),
        r#"s: expected an object, found the string "text""#,
    );
    refused(
        o.get("a").unwrap().get("x"),
        "a: expected an object, found an array",
    );
    // Missing, undefined and null are the default; anything else is read.
    assert_eq!(o.or("missing", 3, Value::u8), Ok(3));
    assert_eq!(o.or("z", 3, Value::u8), Ok(3));
    refused(
        o.or("s", 3, Value::u8),
        r#"s: expected a whole number from 0 to 255, found the string "text""#,
    );
    // Long strings are clipped; negative and huge numbers are written by JavaScript.
    let long = Value::root(JsValue::from_str(&"x".repeat(100)));
    refused(
        long.u32(),
        &format!(
            "expected a whole number from 0 to 4294967295, found the string \"{}…\"",
            "x".repeat(24)
        ),
    );
    refused(
        Value::root(JsValue::from_f64(-1e21)).i32(),
        "expected a whole number from -2147483648 to 2147483647, found the number -1e+21",
    );
    refused(
        Value::root(JsValue::from_f64(f64::NAN)).number(),
        "expected a number, found the number NaN",
    );
    refused(
        Value::root(JsValue::NULL).get("x"),
        "expected an object, found null",
    );
}

#[wasm_bindgen_test]
fn a_hostile_object_is_refused_with_a_message_never_a_panic() {
    // A getter that throws, a function, a symbol: each read says what went wrong.
    let hostile = js_sys::Function::new_no_args(
        "return { get worker() { throw new Error('no you do not'); }, js: () => 1, \
         jsSource: Symbol('s') };",
    )
    .call0(&JsValue::NULL)
    .unwrap();
    let o = Value::root(hostile);
    refused(o.get("worker"), "worker: could not be read (no you do not)");
    refused(
        o.get("js").unwrap().string(),
        "js: expected a string, found a function",
    );
    refused(
        o.get("jsSource").unwrap().string(),
        "jsSource: expected a string, found a symbol",
    );
}

#[wasm_bindgen_test]
fn embed_options_are_read_or_refused_by_field() {
    use super::embed::Options;
    let read = |text: &str| Options::read(parse(text));
    let o = read(r#"{"worker":"w.js","js":"m.js"}"#).unwrap();
    assert_eq!(
        (o.worker.as_str(), o.js.as_str(), o.js_source),
        ("w.js", "m.js", None)
    );
    let o = read(r#"{"worker":"w.js","js":"m.js","jsSource":"text"}"#).unwrap();
    assert_eq!(o.js_source.as_deref(), Some("text"));
    refused(
        read(r#"{"js":"m.js"}"#),
        "worker: expected a string, found undefined",
    );
    refused(
        read(r#"{"worker":"w.js","js":7}"#),
        "js: expected a string, found the number 7",
    );
    refused(
        read(r#"{"worker":"w.js","js":"m.js","jsSource":["a"]}"#),
        "jsSource: expected a string, found an array",
    );
    refused(
        Options::read(JsValue::from_str("w.js")),
        r#"expected an object, found the string "w.js""#,
    );
    refused(
        Options::read(JsValue::UNDEFINED),
        "expected an object, found undefined",
    );
    // Through embed() itself: the error the host page sees.
    let e = super::embed::embed(JsValue::from_f64(3.0)).unwrap_err();
    let message = Reflect::get(&e, &"message".into())
        .unwrap()
        .as_string()
        .unwrap();
    assert_eq!(message, "embed: expected an object, found the number 3");
}

#[wasm_bindgen_test]
fn the_saved_game_keeps_its_json_shape() {
    use super::storage::Saved;
    let saved = Saved {
        variant: "chess".into(),
        fen: "7k/8/8/8/8/8/8/K7 w - - 0 1".into(),
        moves: vec!["a1a2".into(), "h8h7".into()],
        ply: 1,
        flipped: true,
        mode: "black".into(),
        level: 4,
        seed: None,
    };
    let text = json(&saved.to_js().unwrap());
    assert_eq!(
        text,
        concat!(
            r#"{"variant":"chess","fen":"7k/8/8/8/8/8/8/K7 w - - 0 1","#,
            r#""moves":["a1a2","h8h7"],"ply":1,"flipped":true,"mode":"black","level":4}"#
        )
    );
    let read = |text: &str| Saved::from_js(&js_sys::JSON::parse(text).unwrap());
    assert_eq!(read(&text), Ok(saved.clone()));
    // A shuffled start's seed, as a string (a JSON number would round it).
    let seeded = Saved {
        seed: Some(u64::MAX),
        ..saved
    };
    let text = json(&seeded.to_js().unwrap());
    assert!(
        text.ends_with(r#""level":4,"seed":"18446744073709551615"}"#),
        "{text}"
    );
    assert_eq!(read(&text), Ok(seeded));
    // Before the computer player: no mode and no level.
    let old = read(r#"{"variant":"chess","fen":"f","moves":[],"ply":0}"#).unwrap();
    assert_eq!((old.flipped, old.mode.as_str(), old.level), (false, "", 0));
    // What does not fit is refused, saying which field, what it expected and what it found.
    refused(
        read(r#"{"variant":"chess","fen":"f","moves":["e2e4",3],"ply":1}"#),
        "moves[1]: expected a string, found the number 3",
    );
    refused(
        read(r#"{"variant":"chess","fen":"f","moves":[]}"#),
        "ply: expected a whole number from 0 to 4294967295, found undefined",
    );
    refused(
        read(r#"{"variant":"chess","fen":"f","moves":[],"ply":0,"level":300}"#),
        "level: expected a whole number from 0 to 255, found the number 300",
    );
    refused(
        read(r#"{"variant":"chess","fen":"f","moves":[],"ply":0,"seed":"x"}"#),
        r#"seed: expected a seed (a whole number as a string), found the string "x""#,
    );
    refused(
        read(r#"{"variant":"chess","fen":"f","moves":[],"ply":0,"flipped":"yes"}"#),
        r#"flipped: expected true or false, found the string "yes""#,
    );
    refused(read("[]"), "expected an object, found an array");
}

#[wasm_bindgen_test]
fn worker_replies_are_read_by_their_type() {
    use super::computer::WireReply;
    let reply = |text: &str| WireReply::from_js(&js_sys::JSON::parse(text).unwrap());
    let bestmove = reply(r#"{"type":"bestmove","id":3,"move":"e2e4"}"#);
    assert!(
        matches!(&bestmove, Ok(WireReply::Bestmove { id: 3, mv }) if mv == "e2e4"),
        "{bestmove:?}"
    );
    let error = reply(r#"{"type":"error","message":"no variant"}"#);
    assert!(
        matches!(&error, Ok(WireReply::Error { id: None, message }) if message == "no variant"),
        "{error:?}"
    );
    let error = reply(r#"{"type":"error","id":null,"message":"no variant"}"#);
    assert!(
        matches!(&error, Ok(WireReply::Error { id: None, .. })),
        "{error:?}"
    );
    let values = reply(r#"{"type":"values","id":2,"values":["P pawn 100"]}"#);
    assert!(
        matches!(&values, Ok(WireReply::Values { values }) if values == &["P pawn 100"]),
        "{values:?}"
    );
    // A fraction is not an id; an unknown type and a non-object are refused, saying so.
    refused(
        reply(r#"{"type":"info","id":1.5,"line":"x"}"#),
        "id: expected a whole number from 0 to 4294967295, found the number 1.5",
    );
    refused(
        reply(r#"{"type":"gone"}"#),
        r#"type: expected "ready", "values", "info", "bestmove" or "error", found the string "gone""#,
    );
    refused(
        reply(r#"{"type":"bestmove","id":1}"#),
        "move: expected a string, found undefined",
    );
    refused(
        WireReply::from_js(&JsValue::NULL),
        "expected an object, found null",
    );
}

#[wasm_bindgen_test]
fn a_lab_report_reads_back_as_it_was_written() {
    use super::lab::{Report, Summary};
    use super::lab_host::WireReply;
    let summary = |games, score: Option<f64>| Summary {
        games,
        white_wins: games,
        black_wins: 0,
        draws: 0,
        average_plies: 40.5,
        white_score: score,
        interval: score.map(|s| [s / 2.0, s]),
        endings: vec![("checkmate".into(), games), ("stalemate".into(), 0)],
        values: vec![("king".into(), 0, true), ("pawn".into(), -100, false)],
    };
    for b in [None, Some(summary(0, None))] {
        let report = Report {
            done: 2,
            total: 4,
            a: summary(2, Some(1.0)),
            b,
            table: "A\n-".into(),
        };
        let value = super::js::to_js(&report).unwrap();
        let message = js_sys::Object::new();
        Reflect::set(&message, &"type".into(), &"progress".into()).unwrap();
        Reflect::set(&message, &"report".into(), &value).unwrap();
        let Ok(WireReply::Progress { report: again }) = WireReply::from_js(&message) else {
            panic!("not read back: {}", json(&value));
        };
        let again = super::js::to_js(&again).unwrap();
        assert_eq!(json(&again), json(&value));
        // Missing values are there, undefined.
        assert!(Reflect::has(&value, &"b".into()).unwrap());
        assert_eq!(
            report.b.is_none(),
            Reflect::get(&value, &"b".into()).unwrap().is_undefined()
        );
    }
    let value = Report {
        done: 1,
        total: 1,
        a: summary(1, None),
        b: None,
        table: String::new(),
    };
    let value = super::js::to_js(&value).unwrap();
    assert_eq!(
        json(&value),
        concat!(
            r#"{"done":1,"total":1,"a":{"games":1,"whiteWins":1,"blackWins":0,"draws":0,"#,
            r#""averagePlies":40.5,"endings":[["checkmate",1],["stalemate",0]],"#,
            r#""values":[["king",0,true],["pawn",-100,false]]},"table":""}"#
        )
    );
}

#[wasm_bindgen_test]
fn a_lab_reply_that_does_not_fit_is_refused_by_field() {
    use super::lab_host::WireReply;
    let reply = |text: &str| WireReply::from_js(&parse(text));
    let side = r#"{"games":1,"whiteWins":1,"blackWins":0,"draws":0,"averagePlies":40.5,"endings":[["checkmate",1]],"values":[["king",0,true]]}"#;
    let ok =
        format!(r#"{{"type":"balanced","report":{{"done":1,"total":1,"a":{side},"table":""}}}}"#);
    assert!(matches!(reply(&ok), Ok(WireReply::Balanced { .. })));
    let bad = ok.replace(r#"["king",0,true]"#, r#"["king",0.5,true]"#);
    refused(
        reply(&bad),
        "report.a.values[0][1]: expected a whole number from -2147483648 to 2147483647, found the number 0.5",
    );
    let bad = ok.replace(r#""averagePlies":40.5"#, r#""averagePlies":"many""#);
    refused(
        reply(&bad),
        r#"report.a.averagePlies: expected a number, found the string "many""#,
    );
    let bad = ok.replace(r#"["checkmate",1]"#, r#"["checkmate"]"#);
    refused(
        reply(&bad),
        "report.a.endings[0]: expected an array of 2, found an array",
    );
    refused(
        reply(r#"{"type":"progress"}"#),
        "report: expected an object, found undefined",
    );
    refused(
        reply(r#"{"type":"error","message":false}"#),
        "message: expected a string, found false",
    );
}
