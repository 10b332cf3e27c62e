//! What the keeper's own mail server says of a mail's From
//! (`Authentication-Results`, RFC 8601): read only from the topmost such
//! header, and only when its authserv-id is the one the keeper configured
//! (`consent.authserv_id`). A server that writes them removes any header
//! with its own id that arrived with the mail (RFC 8601, section 5; as
//! OpenDMARC, OpenDKIM and rspamd do), so the topmost is its own; headers
//! from other servers, or lower down, are never read.

/// What the keeper's server proved of a mail's From.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FromProof {
    /// Nothing (no header of the keeper's server, or no verdict in it).
    Unknown,
    /// `dmarc=pass`, or `dkim=pass` for the From's domain (or a parent of it).
    Proven,
    /// `dmarc=fail`: the From is forged.
    Forged,
}

/// The verdict on `raw`'s From (`from`: its address) by the server named
/// `authserv_id` (empty: none is read).
pub fn from_proof(raw: &[u8], authserv_id: &str, from: &str) -> FromProof {
    if authserv_id.is_empty() {
        return FromProof::Unknown;
    }
    let Some(value) = topmost(raw, "authentication-results") else { return FromProof::Unknown };
    verdict(&value, authserv_id, from)
}

/// The unfolded value of the first header `name` (lower case) of `raw`.
fn topmost(raw: &[u8], name: &str) -> Option<String> {
    let end = find_blank_line(raw).unwrap_or(raw.len());
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut found: Option<String> = None;
    for line in head.split('\n') {
        let line = line.trim_end_matches('\r');
        if line.starts_with([' ', '\t']) {
            if let Some(v) = found.as_mut() {
                v.push(' ');
                v.push_str(line.trim());
            }
            continue;
        }
        if found.is_some() {
            break;
        }
        if let Some((n, v)) = line.split_once(':')
            && n.trim().eq_ignore_ascii_case(name)
        {
            found = Some(v.trim().to_string());
        }
    }
    found
}

fn find_blank_line(raw: &[u8]) -> Option<usize> {
    raw.windows(4).position(|w| w == b"\r\n\r\n").or_else(|| raw.windows(2).position(|w| w == b"\n\n"))
}

/// `value` without its RFC 5322 comments (in brackets, nested).
fn without_comments(value: &str) -> String {
    let mut depth = 0usize;
    value
        .chars()
        .filter(|&c| match c {
            '(' => {
                depth += 1;
                false
            }
            ')' => {
                depth = depth.saturating_sub(1);
                false
            }
            _ => depth == 0,
        })
        .collect()
}

fn verdict(value: &str, authserv_id: &str, from: &str) -> FromProof {
    let value = without_comments(value);
    let mut parts = value.split(';');
    let id = parts.next().unwrap_or("").split_whitespace().next().unwrap_or("");
    if !id.eq_ignore_ascii_case(authserv_id) {
        return FromProof::Unknown;
    }
    let from_domain = from.rsplit_once('@').map(|(_, d)| d.trim().to_ascii_lowercase()).unwrap_or_default();
    let mut dkim_aligned = false;
    for part in parts {
        let mut words = part.split_whitespace();
        let Some((method, result)) = words.next().and_then(|w| w.split_once('=')) else { continue };
        let method = method.to_ascii_lowercase();
        let result = result.to_ascii_lowercase();
        match (method.as_str(), result.as_str()) {
            ("dmarc", "pass") => return FromProof::Proven,
            ("dmarc", "fail") => return FromProof::Forged,
            ("dkim", "pass") => {
                let signer = words.filter_map(|w| w.split_once('=')).find_map(|(k, v)| match k.to_ascii_lowercase().as_str() {
                    "header.d" => Some(v.trim_matches('"').to_ascii_lowercase()),
                    "header.i" => v.trim_matches('"').rsplit_once('@').map(|(_, d)| d.to_ascii_lowercase()),
                    _ => None,
                });
                if let Some(d) = signer
                    && !d.is_empty()
                    && (from_domain == d || from_domain.ends_with(&format!(".{d}")))
                {
                    dkim_aligned = true;
                }
            }
            _ => {}
        }
    }
    if dkim_aligned { FromProof::Proven } else { FromProof::Unknown }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(headers: &str) -> Vec<u8> {
        format!("{headers}From: a@club.example\r\nSubject: x\r\n\r\nbody\r\n").into_bytes()
    }

    #[test]
    fn only_the_keepers_server_at_the_top_is_read() {
        let m = mail("Authentication-Results: mx.keeper.example;\r\n dkim=pass header.d=club.example;\r\n dmarc=pass (p=none) header.from=club.example\r\n");
        assert_eq!(from_proof(&m, "mx.keeper.example", "a@club.example"), FromProof::Proven);
        assert_eq!(from_proof(&m, "MX.Keeper.Example", "a@club.example"), FromProof::Proven);
        // another server's name, or none configured
        assert_eq!(from_proof(&m, "mx.other.example", "a@club.example"), FromProof::Unknown);
        assert_eq!(from_proof(&m, "", "a@club.example"), FromProof::Unknown);
        // a header of the keeper's server below another server's is not read
        let lower = mail("Authentication-Results: mx.other.example; dmarc=none\r\nAuthentication-Results: mx.keeper.example; dmarc=pass\r\n");
        assert_eq!(from_proof(&lower, "mx.keeper.example", "a@club.example"), FromProof::Unknown);
        // in the body, nothing is a header
        let body = b"From: a@club.example\r\n\r\nAuthentication-Results: mx.keeper.example; dmarc=pass\r\n".to_vec();
        assert_eq!(from_proof(&body, "mx.keeper.example", "a@club.example"), FromProof::Unknown);
    }

    #[test]
    fn dmarc_fail_is_forged_and_dkim_counts_only_aligned() {
        let fail = mail("Authentication-Results: mx.keeper.example; spf=fail; dmarc=fail header.from=club.example\r\n");
        assert_eq!(from_proof(&fail, "mx.keeper.example", "a@club.example"), FromProof::Forged);
        let dkim = mail("Authentication-Results: mx.keeper.example; dkim=pass header.d=club.example\r\n");
        assert_eq!(from_proof(&dkim, "mx.keeper.example", "a@club.example"), FromProof::Proven);
        assert_eq!(from_proof(&dkim, "mx.keeper.example", "a@sub.club.example"), FromProof::Proven);
        // signed by another domain: proves nothing of the From
        assert_eq!(from_proof(&dkim, "mx.keeper.example", "a@evil.example"), FromProof::Unknown);
        assert_eq!(from_proof(&dkim, "mx.keeper.example", "a@notclub.example"), FromProof::Unknown);
        let comment = mail("Authentication-Results: mx.keeper.example (dmarc=pass); dkim=fail header.d=club.example\r\n");
        assert_eq!(from_proof(&comment, "mx.keeper.example", "a@club.example"), FromProof::Unknown);
    }
}
