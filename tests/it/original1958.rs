//! The Original 1958 orders kept by the judge's store (the position cases
//! and the engine's reading of these orders are the engine's own tests,
//! `engine/tests/rules/original1958.rs`).

use mailjudge::map::Variant;
use mailjudge::order::Order;
use mailjudge::parse::parse_order;
use mailjudge::phase::PhaseKind;
use mailjudge::store::records::{from_json, to_json};

const MAP: &str = include_str!("../../config/variants/original1958.toml");

#[test]
fn boarding_orders_are_kept_as_read_on_the_1958_map() {
    let v = Variant::read_toml(MAP).unwrap();
    let mv = Some(PhaseKind::Movement);
    for text in ["A LON B", "F lon b", "f nth - yor b france", "A WAL-LON B", "A YOR B ENGLAND"] {
        let o = parse_order(&v, text, mv).unwrap_or_else(|e| panic!("{text}: {}", e.message));
        assert!(matches!(o, Order::Board { .. }), "{text}: {o:?}");
        assert_eq!(from_json(&v, &to_json(&v, &o)).unwrap(), o, "{text}");
    }
}
