//! Print the estimated piece values of every bundled variant.
fn main() {
    for name in fairylab::bundled::names() {
        let v = fairylab::bundled::load(name).unwrap();
        let e = fairylab::eval::Evaluator::new(&v);
        let list: Vec<String> = v
            .types
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.hidden)
            .map(|(i, t)| format!("{}={}", t.id, e.values[i]))
            .collect();
        println!("{name}: {}", list.join(" "));
    }
}
