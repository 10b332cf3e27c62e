use super::store::encode_header_text;
use super::*;
use crate::mail::signon::{MAX_WORDS_AFTER_GAME, distance, judge_text};
use mail_parser::MessageParser;

/// The judge's own text, as the judge reads and redacts with it.
fn own() -> &'static JudgeText {
    static OWN: std::sync::OnceLock<JudgeText> = std::sync::OnceLock::new();
    OWN.get_or_init(crate::judge::judge_text)
}

#[test]
fn a_sign_on_that_lacks_its_password() {
    for bare in ["SIGNON", "signon Fdemo", "Sign On", "SIGN ON ?demo"] {
        assert!(lacks_password(bare, own()), "{bare}");
    }
    for full in ["SIGNON Fdemo secret", "SIGN ON Fdemo secret", "SIGNED on as France", "A PAR H"] {
        assert!(!lacks_password(full, own()), "{full}");
    }
}

#[test]
fn masked_lines() {
    let cases = [
        ("SIGNON Fdemo secret", "SIGNON Fdemo ******"),
        ("SET WEBHOOK DISCOURSE https://f.example.org TOPIC 7 KEY abc123 USER bot", "SET WEBHOOK DISCOURSE ****** TOPIC 7 KEY ****** USER bot"),
        ("SET WEBHOOK DISCORD https://discord.com/api/webhooks/1/tok", "SET WEBHOOK DISCORD ******"),
        ("signon ?demo secret", "signon ?demo ******"),
        ("SIGN ON ?demo secret", "SIGN ON ?demo ******"),
        ("Sign-on: Fdemo secret", "Sign-on: Fdemo ******"),
        ("SINGON Fdemo secret", "SINGON Fdemo ******"),
        ("SIGNOM Fdemo secret", "SIGNOM Fdemo ******"),
        ("SGINON Fdemo secret", "SGINON Fdemo ******"),
        ("SIGNIN Fdemo secret", "SIGNIN Fdemo ******"),
        ("LOGIN Fdemo secret", "LOGIN Fdemo ******"),
        ("log in Fdemo secret", "log in Fdemo ******"),
        ("JOIN demo secret", "JOIN demo ******"),
        ("CREATE ?demo secret standard press=grey", "CREATE ?demo ****** standard press=grey"),
        ("ADJUST p1@example.test -50 kpass", "ADJUST p1@example.test -50 ******"),
        ("RECORD p1@example.test 2 40 kpass", "RECORD p1@example.test 2 40 ******"),
        ("CREATE ?demo secret my-map press=grey webhook=https://x/y/token", "CREATE ?demo ****** ****** press=grey ******"),
        ("CREATE ?demo two words standard", "CREATE ?demo ****** ****** ******"),
        ("CRAETE ?demo secret", "CRAETE ?demo ******"),
        ("CREATE ?demo secret standard judge=letmein", "CREATE ?demo ****** standard judge=******"),
        ("OBSERVE demo secret", "OBSERVE demo ******"),
        ("watch demo secret", "watch demo ******"),
        ("OBSERVE demo", "OBSERVE demo"),
        ("SET PASSWORD new one", "SET PASSWORD ****** ******"),
        ("set   password  newpw", "set   password  ******"),
        ("SET PASS newpw", "SET PASS ******"),
        ("SET PRIVATE club-pw", "SET PRIVATE ******"),
        ("SET PRIVATE", "SET PRIVATE"),
        ("SET NEW PASSWORD newpw", "SET NEW PASSWORD ******"),
        ("Password: newpw", "Password: ******"),
        ("please use judge=letmein", "please use judge=******"),
        ("x JUDGE= letmein y", "x JUDGE= ****** y"),
        ("A PAR-BUR", "A PAR-BUR"),
        ("SET PREFERENCE F", "SET PREFERENCE F"),
        ("SET PARTIAL", "SET PARTIAL"),
        ("PRESS TO E", "PRESS TO E"),
        ("", ""),
    ];
    for (line, want) in cases {
        assert_eq!(mask_line(line, own()), want, "{line:?}");
    }
    // edit distance: two edits are a near miss, three are not
    assert_eq!(distance("SIGNON", "SNGOIN"), 3);
    assert_eq!(mask_line("SNGOIN Fdemo secret", own()), "SNGOIN Fdemo secret");
    assert_eq!(distance("CREATE", "CRTE"), 2);
    assert_eq!(mask_line("CRTE ?demo secret", own()), "CRTE ?demo ******");
}

fn mail(headers: &str, body: &str) -> Vec<u8> {
    format!("From: p@example.test\r\nTo: judge@example.test\r\nMessage-ID: <r@example.test>\r\nSubject: orders\r\n{headers}\r\n{body}").into_bytes()
}

#[test]
fn plain_mail_keeps_its_length() {
    let raw = mail("", "SIGNON Fdemo s3cret\r\nA PAR-BUR\r\n\r\n> SIGNON Fdemo oldpw\r\n");
    let out = redact(&["SIGNON Fdemo s3cret".into(), "A PAR-BUR".into()], &raw, own());
    assert_eq!(out.len(), raw.len());
    let s = String::from_utf8(out).unwrap();
    assert!(!s.contains("s3cret") && !s.contains("oldpw"), "{s}");
    assert!(s.contains("SIGNON Fdemo ******\r\nA PAR-BUR"), "{s}");
    // no secret: unchanged
    let raw = mail("", "A PAR-BUR\r\n");
    assert_eq!(redact(&["A PAR-BUR".into()], &raw, own()), raw);
}

#[test]
fn encoded_bodies_are_reencoded() {
    let b64 = "U0lHTk9OIEZkZW1vIHMzY3JldAo="; // "SIGNON Fdemo s3cret\n"
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n", &format!("{b64}\r\n"));
    let out = String::from_utf8(redact(&[], &raw, own())).unwrap();
    assert!(!out.contains(b64) && !out.contains("s3cret"), "{out}");
    assert!(out.contains(REDACTED_HEADER) && out.contains("SIGNON Fdemo ******"), "{out}");
    assert!(out.contains("Message-ID: <r@example.test>") && !out.contains("base64"), "{out}");
    // quoted-printable: `=3D` is `=`, so `pa=ss` is not in the raw bytes
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n", "SIGNON Fdemo pa=3Dss\r\n");
    let out = String::from_utf8(redact(&["SIGNON Fdemo pa=ss".into()], &raw, own())).unwrap();
    assert!(!out.contains("pa=ss") && !out.contains("pa=3Dss") && out.contains(REDACTED_HEADER), "{out}");
    assert!(out.contains("SIGNON Fdemo *****\r\n") || out.ends_with("SIGNON Fdemo *****\n") || out.ends_with("SIGNON Fdemo *****"), "{out}");
    // a soft line break inside the password: no part of it is left
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n", "SIGNON Fdemo sec=\r\nret\r\n");
    let out = String::from_utf8(redact(&["SIGNON Fdemo secret".into()], &raw, own())).unwrap();
    assert!(!out.contains("sec") && !out.contains("ret\r") && out.contains(REDACTED_HEADER), "{out}");
    // quoted-printable where the password is there as it is: replaced in place
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n", "SIGNON Fdemo s3cret\r\nA PAR H=20\r\n");
    let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into()], &raw, own())).unwrap();
    assert!(!out.contains("s3cret") && !out.contains(REDACTED_HEADER) && out.len() == raw.len(), "{out}");
}

#[test]
fn secrets_per_mail_are_capped() {
    let body: String = (0..20_000).map(|i| format!("JOIN g s{i:05}x a{i:05}b\r\n")).collect();
    let raw = mail("", &format!("SIGNON Fdemo s3cret\r\n{body}"));
    let lines = vec!["SIGNON Fdemo s3cret".to_string()];
    let found = mail_secrets(&lines, &raw, own());
    assert_eq!(found.len(), MAX_SECRETS);
    assert!(found.contains(&"s3cret".to_string()), "the command lines' secrets come first");
    let start = std::time::Instant::now();
    let out = String::from_utf8(redact(&lines, &raw, own())).unwrap();
    assert!(!out.contains("s3cret") && !out.contains("s00001x") && out.contains("s19999x"));
    assert!(start.elapsed() < std::time::Duration::from_secs(30), "{:?}", start.elapsed());
}

#[test]
fn every_part_is_redacted() {
    // the text part in clear, the HTML part in base64: the HTML part would keep it
    let html = "PGRpdj5TSUdOT04gRmRlbW8gczNjcmV0PC9kaXY+"; // <div>SIGNON Fdemo s3cret</div>
    let body = format!(
        "--b\r\nContent-Type: text/plain\r\n\r\nSIGNON Fdemo s3cret\r\n--b\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\n{html}\r\n--b--\r\n"
    );
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b\"\r\n", &body);
    let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into()], &raw, own())).unwrap();
    assert!(!out.contains("s3cret") && !out.contains(html) && out.contains(REDACTED_HEADER), "{out}");
    assert!(out.contains("SIGNON Fdemo ******"), "{out}");
    // a password that is also a word of the MIME structure: re-encoded, not broken
    let body = "--plain\r\nContent-Type: text/plain\r\n\r\nSIGNON Fdemo plain\r\n--plain--\r\n";
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"plain\"\r\n", body);
    let out = String::from_utf8(redact(&[], &raw, own())).unwrap();
    assert!(out.contains("SIGNON Fdemo *****") && out.contains(REDACTED_HEADER), "{out}");
    // the subject too
    let raw = b"From: p@example.test\r\nSubject: SIGNON Fdemo s3cret\r\n\r\nSIGNON Fdemo s3cret\r\n".to_vec();
    let out = String::from_utf8(redact(&[], &raw, own())).unwrap();
    assert!(!out.contains("s3cret"), "{out}");
}

#[test]
fn only_real_sign_on_lines_are_masked() {
    for prose in [
        "Signed on as France in game rc.",
        "  Signed on to game rc (forming: 3 of 7 seats taken).",
        "Signed on as the master of game rc (forming).",
        "Signed off: the rest of the mail is not read.",
        "Sign on with SIGNON Frc <password> and send your orders.",
        "Join me in attacking Russia.",
        "Watch out for Germany",
        "Great news, everyone",
        "Create a diversion in the north",
        "SIGN OFF",
        "Password changed.",
        "Simon says hello",
        "Signal the fleet",
        "please use judge=<password>",
    ] {
        assert_eq!(mask_line(prose, own()), prose, "{prose:?}");
    }
    // a command that is no command of the parser: at most MAX_WORDS_AFTER_GAME words after the game ...
    assert_eq!(MAX_WORDS_AFTER_GAME, 2);
    assert_eq!(mask_line("JOIN demo pw x", own()), "JOIN demo ****** ******");
    assert_eq!(mask_line("Join forces with Austria against Russia", own()), "Join forces with Austria against Russia");
    assert_eq!(mask_line("SIGNOM Fdemo pw x", own()), "SIGNOM Fdemo ****** ******");
    assert_eq!(mask_line("SIGNOM Fdemo pw x y", own()), "SIGNOM Fdemo pw x y");
    // ... unless the game is `?game`, and any number for the parser's commands
    assert_eq!(mask_line("JOIN ?demo pw x y", own()), "JOIN ?demo ****** ****** ******");
    assert_eq!(mask_line("SIGNON Fdemo pw and more words", own()), "SIGNON Fdemo ****** ****** ****** ******");
    assert_eq!(mask_line("CRAETE ?demo pw standard press=grey", own()), "CRAETE ?demo ****** ****** ******");
}

/// Every text of the judge's (its replies' sentences, its HELP) quoted back
/// holds no password: none of its words is masked.
#[test]
fn the_judges_own_text_is_not_masked() {
    let help = include_str!("../../../templates/help.txt");
    for line in help.lines() {
        assert!(secret_spans(line, own()).is_empty(), "help.txt: {line:?}");
    }
    let say = [
        include_str!("../../report/say/account.rs"),
        include_str!("../../report/say/deadline.rs"),
        include_str!("../../report/say/master.rs"),
        include_str!("../../report/say/parse.rs"),
        include_str!("../../report/say/session.rs"),
        include_str!("../../report/say/settings.rs"),
        include_str!("../../report/say/start.rs"),
        include_str!("../../report/say/judge.rs"),
    ];
    let mut n = 0;
    for src in say {
        // each string literal, its `{}` as a word
        for lit in src.split('"').skip(1).step_by(2) {
            let mut text = String::new();
            let mut inside = false;
            for c in lit.chars() {
                match c {
                    '{' => inside = true,
                    '}' if inside => {
                        inside = false;
                        text.push_str("demo");
                    }
                    _ if !inside => text.push(c),
                    _ => {}
                }
            }
            assert!(secret_spans(&text, own()).is_empty(), "{text:?}");
            n += 1;
        }
    }
    assert!(n > 100, "{n}");
    for text in [crate::report::say::parse::create_usage(), crate::report::say::parse::signon_usage(), crate::report::say::parse::signon_letter_and_game()] {
        assert!(secret_spans(&text, own()).is_empty(), "{text:?}");
    }
    // HELP's lines made from the options' table: the judge's own text when
    // the judge gives them (the mail layer does not know them by itself)
    let options = crate::command::options::help_lines();
    for line in &options {
        assert!(judge_text(line, own()) && secret_spans(line, own()).is_empty(), "{line:?}");
    }
    assert!(options.iter().any(|l| !judge_text(l, &JudgeText::default())));
}

#[test]
fn a_sign_on_split_over_lines_is_masked() {
    let joined = |l: &[&str]| join_signons(l.iter().map(|s| s.to_string()).collect(), own());
    assert_eq!(joined(&["SIGNON", "Fdemo pw", "A PAR H"]), ["SIGNON Fdemo pw", "A PAR H"]);
    assert_eq!(joined(&["sign on", "", "Fdemo", "", "pw", "x"]), ["sign on Fdemo pw", "x"]);
    assert_eq!(joined(&["CREATE ?demo", "pw"]), ["CREATE ?demo pw"]);
    assert_eq!(joined(&["SIGNON Fdemo", "A PAR H"]), ["SIGNON Fdemo", "A PAR H"]);
    assert_eq!(joined(&["SIGNON", ""]), ["SIGNON", ""]);
    assert_eq!(joined(&["OBSERVE demo", "tok"]), ["OBSERVE demo", "tok"]);
    // in a stored mail, quoted or not
    for body in ["SIGNON\r\nFdemo s3cret\r\n", "SIGNON Fdemo\r\n\r\ns3cret\r\n", "> SIGNON\r\n> Fdemo s3cret\r\n"] {
        let raw = mail("", body);
        let out = String::from_utf8(redact(&[], &raw, own())).unwrap();
        assert!(!out.contains("s3cret") && out.contains("Fdemo"), "{out}");
    }
}

#[test]
fn the_subject_is_masked_only_if_it_is_a_sign_on_line() {
    let secrets = vec!["France".to_string(), "s3cret".to_string()];
    assert_eq!(redact_text("Re: Signed on as France in game rc.", &secrets, own()), "Re: Signed on as France in game rc.");
    assert_eq!(redact_text("orders for France", &secrets, own()), "orders for France");
    assert_eq!(redact_text("Re: AW: SIGNON Fdemo s3cret", &secrets, own()), "Re: AW: SIGNON Fdemo ******");
    assert_eq!(redact_text("SET PASSWORD n3w", &secrets, own()), "SET PASSWORD ******");
    assert_eq!(subject_text("Re: Fwd: RE:x"), "x");
    assert_eq!(subject_text("Re[2]: AW: x"), "x");
    assert_eq!(subject_text("Re[x]: y"), "Re[x]: y");
    assert_eq!(subject_text("Reply: y"), "Reply: y");
    // in the stored mail: the quoted judge's text and the subject as they were, the password out
    let body =
        "A PAR H\r\n\r\nOn Mon, mailjudge wrote:\r\n> mailjudge received your mail.\r\n> > SIGNON Fdemo ******\r\n>   Signed on as France in game demo.\r\n";
    let raw = format!("From: p@example.test\r\nSubject: Re: Signed on as France in game demo.\r\n\r\nSIGNON Fdemo s3cret\r\n{body}").into_bytes();
    let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into(), "A PAR H".into()], &raw, own())).unwrap();
    assert_eq!(out, String::from_utf8(raw).unwrap().replace("s3cret", "******"));
    // an encoded subject: written anew, masked
    let raw = b"From: p@example.test\r\nSubject: =?utf-8?q?SIGNON_Fdemo_s3cr=C3=A9t?=\r\nX-A: b\r\n\r\nhi\r\n".to_vec();
    let out = String::from_utf8(redact(&[], &raw, own())).unwrap();
    assert!(out.contains("Subject: SIGNON Fdemo ******\r\nX-A: b\r\n"), "{out}");
    let raw = b"From: p@example.test\r\nSubject: =?utf-8?q?AW=3A_SIGNON_Fdemo_s3cret_=C3=A9?=\r\n\r\nhi\r\n".to_vec();
    let out = redact(&[], &raw, own());
    let m = MessageParser::default().parse(&out[..]).unwrap();
    assert_eq!(m.subject(), Some("AW: SIGNON Fdemo ****** ******"), "{}", String::from_utf8_lossy(&out));
}

#[test]
fn a_subject_is_read_strictly() {
    let none: Vec<String> = vec![];
    // ordinary words are not a password, in a subject
    for subject in [
        "Join game rc",
        "Re: Join game rc",
        "Join me in game rc",
        "Login problem",
        "Signin help",
        "Signon request",
        "Sign on tomorrow",
        "Sign treaty tonight",
        "Crete attack plan",
        "Joining game rc tonight",
        "Watch game tonight",
        "Observe demo tonight",
    ] {
        assert_eq!(redact_text(subject, &none, own()), subject, "{subject}");
        assert!(subject_spans(subject_text(subject), own()).is_empty(), "{subject}");
        // nor taken from it as a secret of the mail
        let raw = format!("From: p@example.test\r\nSubject: {subject}\r\n\r\nA PAR H\r\n");
        assert!(mail_secrets(&[], raw.as_bytes(), own()).is_empty(), "{subject}");
    }
    // a real password is
    for (subject, masked, secret) in [
        ("SIGNON Fdemo pw-three", "SIGNON Fdemo ******", "pw-three"),
        ("Fwd: sign on Fdemo pw-three", "Fwd: sign on Fdemo ******", "pw-three"),
        ("CREATE ?rc s3cret standard", "CREATE ?rc ****** standard", "s3cret"),
        ("Join ?rc s3cret", "Join ?rc ******", "s3cret"),
        ("OBSERVE ?rc s3cret", "OBSERVE ?rc ******", "s3cret"),
        ("Re: SET PASSWORD n3w-pass", "Re: SET PASSWORD ******", "n3w-pass"),
        ("judge=s3cret", "judge=******", "s3cret"),
    ] {
        assert_eq!(redact_text(subject, &none, own()), masked, "{subject}");
        let raw = format!("From: p@example.test\r\nSubject: {subject}\r\n\r\nA PAR H\r\n");
        let out = String::from_utf8(redact(&[], raw.as_bytes(), own())).unwrap();
        assert!(!out.contains(secret) && out.contains(&format!("Subject: {}", &subject[..subject.find(secret).unwrap()])), "{out}");
    }
    // in a line of the body, read generously as before
    assert_eq!(mask_line("Join game rc", own()), "Join game ******");
}

#[test]
fn header_text_encoding() {
    assert_eq!(encode_header_text("SIGNON Fdemo ******"), "SIGNON Fdemo ******");
    assert_eq!(encode_header_text("Réf: x"), "=?utf-8?q?R=C3=A9f=3A_x?=");
    let long = encode_header_text(&"é".repeat(40));
    assert!(long.split(' ').all(|w| w.len() <= 75 && w.starts_with("=?utf-8?q?")), "{long}");
    let head = format!("Subject: {long}\r\n\r\n");
    let m = MessageParser::default().parse(head.as_bytes()).unwrap();
    assert_eq!(m.subject(), Some("é".repeat(40).as_str()));
}

#[test]
fn a_flowed_password_wrapped_in_two_is_masked() {
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain; format=flowed; delsp=yes\r\n", "SIGNON Fdemo s3 \r\ncret\r\nA PAR H\r\n");
    let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into()], &raw, own())).unwrap();
    assert!(!out.contains("s3 \r\ncret") && out.contains("SIGNON Fdemo ******") && out.contains(REDACTED_HEADER), "{out}");
}

#[test]
fn a_mail_without_its_closing_boundary_is_redacted() {
    let b64 = "U0lHTk9OIEZkZW1vIHMzY3JldAo="; // "SIGNON Fdemo s3cret\n"
    let body = format!("--b1\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n{b64}\r\n");
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b1\"\r\n", &body);
    let out = String::from_utf8(redact(&[], &raw, own())).unwrap();
    assert!(!out.contains(b64) && out.contains("SIGNON Fdemo ******") && out.contains(REDACTED_HEADER), "{out}");
}

#[test]
fn html_blocks_are_lines_of_their_own() {
    // the orders in the block after a sign-on are no password
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/html\r\n", "<div>SIGNON Fdemo s3cret</div><div>A PAR H</div>\r\n");
    assert_eq!(mail_secrets(&[], &raw, own()), ["s3cret"]);
    // a password in a quote is found all the same
    let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/html\r\n", "<div>A PAR H</div><blockquote><div>SIGNON&nbsp;Fdemo s3cret</div></blockquote>\r\n");
    assert_eq!(mail_secrets(&[], &raw, own()), ["s3cret"]);
}
