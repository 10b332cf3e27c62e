//! Outgoing mail, built with lettre's typed builder: addresses are parsed, header
//! values encoded and folded by lettre, so nothing a player writes can add a header.

use lettre::Message;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue, MIME_VERSION_1_0};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use std::time::{Duration, UNIX_EPOCH};

pub use crate::store::outbox::{Attachment, Kind, OutMail};

macro_rules! text_header {
    ($ty:ident, $name:literal) => {
        #[derive(Clone, Debug)]
        struct $ty(String);
        impl Header for $ty {
            fn name() -> HeaderName {
                HeaderName::new_from_ascii_str($name)
            }
            fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
                Ok($ty(s.to_string()))
            }
            fn display(&self) -> HeaderValue {
                HeaderValue::new(Self::name(), self.0.clone())
            }
        }
    };
}

text_header!(AutoSubmitted, "Auto-Submitted");
text_header!(XLoop, "X-Loop");
text_header!(ListId, "List-Id");
text_header!(Precedence, "Precedence");
text_header!(ListUnsubscribe, "List-Unsubscribe");

/// A message id reduced to the characters a message id may have.
pub fn clean_id(id: &str) -> String {
    let inner: String = id.trim().trim_matches(['<', '>']).chars().filter(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>' | '"' | '\\')).take(250).collect();
    format!("<{inner}>")
}

/// Builds the RFC 5322 bytes of `m`, from `from_name <from_addr>`, dated
/// `date` (Unix seconds), with `files` (the mail's attachments, loaded): a
/// plain text mail when there are none, else multipart/mixed, the text first.
/// Every mail says `MIME-Version: 1.0` (lettre writes it only for multipart
/// bodies; a plain one has a Content-Type and a transfer encoding too, and
/// strict readers ignore those without it).
pub fn compose(from_name: &str, from_addr: &str, m: &OutMail, date: i64, files: &[&Attachment]) -> anyhow::Result<Vec<u8>> {
    let from = Mailbox::new(Some(from_name.to_string()), from_addr.parse()?);
    let to: Mailbox = m.to.parse()?;
    let subject: String = m.subject.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let mut b = Message::builder()
        .from(from)
        .to(to)
        .subject(subject)
        .date(UNIX_EPOCH + Duration::from_secs(date.max(0) as u64))
        .message_id(Some(clean_id(&m.message_id)))
        .header(MIME_VERSION_1_0)
        .header(XLoop(from_addr.to_string()));
    b = match m.kind {
        Kind::Reply => b.header(AutoSubmitted("auto-replied".into())),
        Kind::Notice | Kind::Game => b.header(AutoSubmitted("auto-generated".into())).header(Precedence("bulk".into())),
    };
    if let Some(r) = &m.in_reply_to {
        b = b.in_reply_to(clean_id(r));
    }
    if !m.references.is_empty() {
        let refs: Vec<String> = m.references.iter().map(|r| clean_id(r)).collect();
        b = b.references(refs.join(" "));
    }
    if let Some(l) = &m.list_id {
        let l: String = l.chars().filter(|c| c.is_ascii_graphic() || *c == ' ').collect();
        // a game's mail says how to stop it (RFC 2369): a mail with UNOBSERVE game (and the list's code)
        let command =
            m.unsubscribe.clone().or_else(|| l.strip_prefix("Diplomacy game ").and_then(|r| r.split(" <").next()).map(|game| format!("UNOBSERVE {game}")));
        if let Some(c) = command.filter(|c| !c.is_empty() && c.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ' '))) {
            let c = c.replace(' ', "%20");
            b = b.header(ListUnsubscribe(format!("<mailto:{from_addr}?subject={c}&body={c}>")));
        }
        b = b.header(ListId(l));
    }
    if files.is_empty() {
        let msg = b.header(ContentType::TEXT_PLAIN).body(m.body.clone())?;
        return Ok(msg.formatted());
    }
    let mut parts = MultiPart::mixed().singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(m.body.clone()));
    for f in files {
        let name: String = f.name.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')).take(100).collect();
        parts = parts.singlepart(lettre::message::Attachment::new(name).body(f.data.clone(), ContentType::parse(&f.mime)?));
    }
    Ok(b.multipart(parts)?.formatted())
}

/// A plain mail from a player to the judge (for `mailjudge mail` and tests).
pub fn player_mail(from: &str, to: &str, subject: &str, body: &str) -> anyhow::Result<Vec<u8>> {
    let msg = Message::builder()
        .from(from.parse()?)
        .to(to.parse()?)
        .subject(subject)
        .date_now()
        .message_id(None)
        .header(MIME_VERSION_1_0)
        .header(ContentType::TEXT_PLAIN)
        .body(body.to_string())?;
    Ok(msg.formatted())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mail_parser::MimeHeaders;

    #[test]
    fn no_header_injection_through_subject_or_ids() {
        let m = OutMail {
            to: "p1@example.test".into(),
            subject: "Re: orders\r\nBcc: victim@example.test".into(),
            body: "hello\r\nBcc: nobody\r\n".into(),
            message_id: "<abc@judge>".into(),
            in_reply_to: Some("<x@y>\r\nBcc: evil@example.test".into()),
            references: vec![],
            list_id: None,
            unsubscribe: None,
            kind: Kind::Reply,
            attachments: vec![],
        };
        let bytes = compose("judge", "judge@example.test", &m, 1_700_000_000, &[]).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let head = text.split("\r\n\r\n").next().unwrap();
        assert!(!head.lines().any(|l| l.to_ascii_lowercase().starts_with("bcc:")), "{head}");
        assert!(head.contains("Auto-Submitted: auto-replied"), "{head}");
        assert!(head.contains("X-Loop: judge@example.test"), "{head}");
    }

    /// The header fields of raw mail bytes, unfolded: (name, value).
    fn raw_fields(bytes: &[u8]) -> Vec<(String, String)> {
        let text = String::from_utf8_lossy(bytes);
        let head = text.split("\r\n\r\n").next().unwrap().replace("\r\n ", " ").replace("\r\n\t", " ");
        head.split("\r\n")
            .map(|l| l.split_once(':').map(|(n, v)| (n.to_string(), v.trim().to_string())).unwrap_or_else(|| panic!("not a field: {l:?}")))
            .collect()
    }

    #[test]
    fn every_composed_mail_says_mime_version_1_0_once() {
        let m = |kind| OutMail {
            to: "p1@example.test".into(),
            subject: "Re: orders".into(),
            body: "A PAR H: accepted.\r\nÉté 1901\r\n".into(),
            message_id: "<abc@judge>".into(),
            in_reply_to: Some("<x@y>".into()),
            references: vec![],
            list_id: Some("Diplomacy game demo <demo.judge.example.test>".into()),
            unsubscribe: None,
            kind,
            attachments: vec![],
        };
        let png = Attachment { name: "demo-S1901M.png".into(), mime: "image/png".into(), data: vec![0x89, b'P', b'N', b'G'] };
        for (kind, files) in [(Kind::Reply, vec![]), (Kind::Notice, vec![]), (Kind::Game, vec![&png]), (Kind::Reply, vec![&png])] {
            let bytes = compose("judge", "judge@example.test", &m(kind), 1_700_000_000, &files).unwrap();
            let fields = raw_fields(&bytes);
            let versions: Vec<&str> = fields.iter().filter(|(n, _)| n.eq_ignore_ascii_case("MIME-Version")).map(|(_, v)| v.as_str()).collect();
            assert_eq!(versions, ["1.0"], "{fields:#?}");
            let ct = fields.iter().find(|(n, _)| n == "Content-Type").map(|(_, v)| v.clone()).unwrap();
            assert_eq!(ct.starts_with("multipart/mixed"), !files.is_empty(), "{ct}");
            // and a strict reader takes it as MIME: the text decoded
            let msg = mail_parser::MessageParser::default().parse(&bytes).unwrap();
            assert!(msg.body_text(0).unwrap().contains("Été 1901"));
        }
        let bytes = player_mail("p1@example.test", "judge@example.test", "orders", "A PAR H").unwrap();
        assert_eq!(raw_fields(&bytes).iter().filter(|(n, v)| n == "MIME-Version" && v == "1.0").count(), 1);
    }

    #[test]
    fn bad_recipient_is_an_error() {
        let m = OutMail {
            to: "not an address\r\nBcc: x@y".into(),
            subject: "s".into(),
            body: "b".into(),
            message_id: "<a@b>".into(),
            in_reply_to: None,
            references: vec![],
            list_id: None,
            unsubscribe: None,
            kind: Kind::Notice,
            attachments: vec![],
        };
        assert!(compose("judge", "judge@example.test", &m, 0, &[]).is_err());
    }

    #[test]
    fn attachments_make_a_multipart_mail_that_reads_back() {
        let m = OutMail {
            to: "p1@example.test".into(),
            subject: "Game demo: Spring 1901 movement results".into(),
            body: "the results".into(),
            message_id: "<abc@judge>".into(),
            in_reply_to: None,
            references: vec![],
            list_id: None,
            unsubscribe: None,
            kind: Kind::Notice,
            attachments: vec![1, 2],
        };
        let png = Attachment { name: "demo-S1901M.png".into(), mime: "image/png".into(), data: vec![0x89, b'P', b'N', b'G', 0, 1, 2, 255] };
        let svg = Attachment { name: "demo S1901M\r\nBcc: x.svg".into(), mime: "image/svg+xml".into(), data: b"<svg/>".to_vec() };
        let bytes = compose("judge", "judge@example.test", &m, 1_700_000_000, &[&png, &svg]).unwrap();
        let msg = mail_parser::MessageParser::default().parse(&bytes).unwrap();
        assert_eq!(msg.body_text(0).unwrap().trim(), "the results");
        let files: Vec<(String, Vec<u8>)> = msg.attachments().map(|a| (a.attachment_name().unwrap_or_default().to_string(), a.contents().to_vec())).collect();
        assert_eq!(files, vec![("demo-S1901M.png".to_string(), png.data.clone()), ("demoS1901MBccx.svg".to_string(), svg.data.clone())]);
        let text = String::from_utf8_lossy(&bytes);
        let head = text.split("\r\n\r\n").next().unwrap();
        assert!(head.contains("multipart/mixed"), "{head}");
    }
}
