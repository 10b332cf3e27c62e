//! A receipt for a power's orders (docs/RECEIPTS.md): the SHA-256 of the
//! game's name, the phase's code and the power's name on one line, the orders
//! as the reply lists them, one a line, and the phase's secret nonce
//! (store::receipts), told only once the phase is processed. With the nonce a
//! player checks with `sha256sum` alone that the orders adjudicated are the
//! orders acknowledged; without it no one can tell orders from a receipt.

use sha2::{Digest, Sha256};

/// The text a receipt is the hash of.
pub fn sealed_text(game: &str, phase: &str, power: &str, orders: &[String], nonce: &str) -> String {
    let mut text = format!("{game} {phase} {power}\n");
    for o in orders {
        text.push_str(o);
        text.push('\n');
    }
    text.push_str(nonce);
    text
}

/// The receipt: the SHA-256 of [`sealed_text`], in lower-case hex.
pub fn seal(game: &str, phase: &str, power: &str, orders: &[String], nonce: &str) -> String {
    Sha256::digest(sealed_text(game, phase, power, orders, nonce).as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_the_heading_the_orders_a_line_each_and_the_nonce() {
        let orders = ["A PAR - BUR".to_string(), "F BRE H".to_string()];
        assert_eq!(sealed_text("demo", "S1901M", "France", &orders, "00ff"), "demo S1901M France\nA PAR - BUR\nF BRE H\n00ff");
        // the empty text's hash, as sha256sum gives it for an empty file
        assert_eq!(
            Sha256::digest(b"").iter().map(|b| format!("{b:02x}")).collect::<String>(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        let a = seal("demo", "S1901M", "France", &orders, "00ff");
        assert_eq!(a.len(), 64);
        assert_ne!(a, seal("demo", "S1901M", "France", &orders[..1], "00ff"), "another order list, another receipt");
        assert_ne!(a, seal("demo", "S1901M", "France", &orders, "00fe"), "another nonce, another receipt");
    }
}
