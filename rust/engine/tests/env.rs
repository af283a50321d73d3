//! The environments' encodings and vector stepping (docs/environments.md).

use hearts_engine::env::Kind;
use hearts_engine::{hearts, spades};

#[test]
fn sizes_are_the_sums_of_the_fields() {
    for kind in Kind::ALL {
        for n in 3..=7 {
            let sum: usize = hearts::tensor::fields(n, kind).iter().map(|f| f.1).sum();
            assert_eq!(hearts::tensor::size(n, kind), sum);
        }
        let sum: usize = spades::tensor::fields(kind).iter().map(|f| f.1).sum();
        assert_eq!(spades::tensor::size(kind), sum);
    }
}
