use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq)]
pub enum Token<'s> {
    Ident(&'s str),
    Number(f64),
    Str(&'s str),
    Punct(char),
    Arrow,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LexError {
    UnexpectedChar { ch: char, at: usize },
    UnterminatedString { at: usize },
    IdentTooLong { at: usize, len: usize },
    TooManyTokens { max: usize },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexerOptions {
    pub max_tokens: usize,
    pub max_ident_len: usize,
}

impl Default for LexerOptions {
    fn default() -> Self {
        Self { max_tokens: 100_000, max_ident_len: 128 }
    }
}

pub struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    opts: LexerOptions,
    tokens_emitted: usize, //@ BL002
    /// Per-kind counts for the lint pass's statistics.
    pub kind_counts: HashMap<&'static str, usize>,
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str, opts: LexerOptions) -> Self {
        Self { src, pos: 0, opts, tokens_emitted: 0, kind_counts: HashMap::new() }
    }

    fn rest(&self) -> &'s str {
        &self.src[self.pos..]
    }

    fn take_while(&mut self, pred: impl Fn(char) -> bool) -> &'s str {
        let rest = self.rest();
        let len = rest.find(|c: char| !pred(c)).unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    fn lex_one(&mut self) -> Option<Result<Token<'s>, LexError>> {
        self.take_while(char::is_whitespace);
        let start = self.pos;
        let c = self.rest().chars().next()?;
        let tok = match c {
            'a'..='z' | 'A'..='Z' | '_' => {
                let ident = self.take_while(|c| c.is_alphanumeric() || c == '_');
                if ident.len() > self.opts.max_ident_len {
                    return Some(Err(LexError::IdentTooLong { at: start, len: ident.len() }));
                }
                Token::Ident(ident)
            }
            '0'..='9' => {
                let digits = self.take_while(|c| c.is_ascii_digit() || c == '.');
                match digits.parse() {
                    Ok(n) => Token::Number(n),
                    Err(_) => return Some(Err(LexError::UnexpectedChar { ch: '.', at: start })),
                }
            }
            '"' => {
                self.pos += 1;
                let body = self.take_while(|c| c != '"');
                if !self.rest().starts_with('"') {
                    return Some(Err(LexError::UnterminatedString { at: start }));
                }
                self.pos += 1;
                Token::Str(body)
            }
            '-' if self.rest().starts_with("->") => {
                self.pos += 2;
                Token::Arrow
            }
            '(' | ')' | '{' | '}' | ',' | ';' | '=' | '<' | '>' | '!' | '-' | '+' => {
                self.pos += 1;
                Token::Punct(c)
            }
            ch => return Some(Err(LexError::UnexpectedChar { ch, at: start })),
        };
        Some(Ok(tok))
    }
}

impl<'s> Iterator for Lexer<'s> {
    type Item = Result<Token<'s>, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        let tok = match self.lex_one()? {
            Ok(tok) => tok,
            Err(e) => return Some(Err(e)),
        };
        self.tokens_emitted += 1;
        debug_assert!(
            self.tokens_emitted <= self.opts.max_tokens,
            "rule file produced more than {} tokens",
            self.opts.max_tokens
        );
        let kind = match tok {
            Token::Ident(_) => "ident",
            Token::Number(_) => "number",
            Token::Str(_) => "string",
            Token::Punct(_) | Token::Arrow => "punct",
        };
        *self.kind_counts.entry(kind).or_insert(0) += 1;
        Some(Ok(tok))
    }
}

pub fn tokenize(src: &str, opts: LexerOptions) -> Result<Vec<Token<'_>>, LexError> {
    let mut out = Vec::with_capacity(opts.max_tokens.min(src.len() / 4 + 1));
    for tok in Lexer::new(src, opts) {
        out.push(tok?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_rule() {
        let toks = tokenize(r#"allow(user) -> role == "admin";"#, LexerOptions::default()).unwrap();
        assert_eq!(toks[0], Token::Ident("allow"));
        assert!(toks.contains(&Token::Arrow));
        assert!(toks.contains(&Token::Str("admin")));
    }

    #[test]
    fn long_ident_refused() {
        let opts = LexerOptions { max_ident_len: 4, ..Default::default() };
        assert_eq!(tokenize("abcdef", opts), Err(LexError::IdentTooLong { at: 0, len: 6 }));
    }
}
