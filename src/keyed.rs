//! One sort for the whole crate's small, cold sorts: each `sort_by_key` call site adds its own
//! copy of the standard library's sort to the wasm (about 2 KB each), so these sort
//! `(key, index)` pairs, one instantiation shared by every caller, and then put the items in
//! that order. The search's move ordering keeps its own sort (it is hot). [`sort_small`]
//! sorts short lists of anything ordered the same way by insertion.

/// Sorts `items` by `key`, stable (equal keys keep their order).
pub fn sort_keyed<T>(items: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    let mut keyed: Vec<(u64, u32)> = (items.iter().enumerate())
        .map(|(i, x)| (key(x), i as u32))
        .collect();
    // The pairs are distinct (their indices are), so an unstable sort is a stable one here.
    keyed.sort_unstable();
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(keyed.iter().filter_map(|&(_, i)| slots[i as usize].take()));
}

/// Sorts a short list (tens to a few hundred items) by insertion: a few dozen bytes of wasm
/// for each type, where the standard sort adds a couple of kilobytes.
pub fn sort_small<T: Ord>(items: &mut [T]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_by_key_and_keeps_the_order_of_equals() {
        let mut v = vec![(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
        sort_keyed(&mut v, |x| x.0);
        assert_eq!(v, [(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
        let mut empty: Vec<u8> = Vec::new();
        sort_keyed(&mut empty, |&x| x.into());
        assert!(empty.is_empty());
        // As the standard sort, on a spread of keys.
        let mut a: Vec<u32> = (0..500).map(|i| (i * 7919) % 263).collect();
        let mut b = a.clone();
        sort_keyed(&mut a, |&x| x.into());
        b.sort();
        assert_eq!(a, b);
        let mut c: Vec<u32> = (0..500).map(|i| (i * 7919) % 263).collect();
        sort_small(&mut c);
        assert_eq!(c, b);
        let mut words = vec!["b2b4", "a2a3", "a10a9", "a2a3"];
        sort_small(&mut words);
        assert_eq!(words, ["a10a9", "a2a3", "a2a3", "b2b4"]);
    }
}
