use crate::lexer::{tokenize, Token};

#[derive(Debug, Clone, PartialEq)]
pub enum Ast {
    Num(f64),
    Ref(String),
    Neg(Box<Ast>),
    Bin(char, Box<Ast>, Box<Ast>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum ParseError {
    Lex(usize),
    UnexpectedEnd,
    Unexpected(Token),
    TooDeep { at: usize },
}

/// Options a workbook passes when compiling its formulas.
#[derive(Debug, Clone)]
pub struct ParserOptions {
    /// Deepest parenthesis / unary nesting accepted.
    pub max_depth: usize,
    /// Print the shape of groups as they are parsed.
    pub trace: bool,
}

impl Default for ParserOptions {
    fn default() -> Self {
        Self { max_depth: 64, trace: false }
    }
}

pub struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    depth: usize, //@ BL001
    max_depth: usize,
    trace: bool,
}

const PREFIX_BP: u8 = 9;

fn infix_bp(op: char) -> Option<(u8, u8)> {
    match op {
        '+' | '-' => Some((1, 2)),
        '*' | '/' => Some((3, 4)),
        '^' => Some((8, 7)),
        _ => None,
    }
}

impl Parser {
    pub fn new(tokens: Vec<Token>, opts: &ParserOptions) -> Self {
        Self { tokens, pos: 0, depth: 0, max_depth: opts.max_depth, trace: opts.trace }
    }

    fn enter(&self) -> Result<(), ParseError> {
        if self.depth >= self.max_depth {
            return Err(ParseError::TooDeep { at: self.pos });
        }
        Ok(())
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    pub fn parse_expr(&mut self, min_bp: u8, level: usize) -> Result<Ast, ParseError> {
        let mut lhs = match self.next().ok_or(ParseError::UnexpectedEnd)? {
            Token::Num(n) => Ast::Num(n),
            Token::Ident(name) => Ast::Ref(name),
            Token::Op('-') => {
                self.enter()?;
                Ast::Neg(Box::new(self.parse_expr(PREFIX_BP, level + 1)?))
            }
            Token::LParen => {
                self.enter()?;
                if self.trace {
                    eprintln!("{:indent$}( at token {}", "", self.pos, indent = level * 2);
                }
                let inner = self.parse_expr(0, level + 1)?;
                match self.next() {
                    Some(Token::RParen) => inner,
                    Some(t) => return Err(ParseError::Unexpected(t)),
                    None => return Err(ParseError::UnexpectedEnd),
                }
            }
            t => return Err(ParseError::Unexpected(t)),
        };

        while let Some(Token::Op(op)) = self.tokens.get(self.pos).cloned() {
            let Some((l_bp, r_bp)) = infix_bp(op) else { break };
            if l_bp < min_bp {
                break;
            }
            self.pos += 1;
            let rhs = self.parse_expr(r_bp, level)?;
            lhs = Ast::Bin(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }
}

pub fn parse(src: &str, opts: &ParserOptions) -> Result<Ast, ParseError> {
    let tokens = tokenize(src).map_err(ParseError::Lex)?;
    let mut parser = Parser::new(tokens, opts);
    let ast = parser.parse_expr(0, 0)?;
    match parser.next() {
        None => Ok(ast),
        Some(t) => Err(ParseError::Unexpected(t)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence() {
        let ast = parse("1 + 2 * x", &ParserOptions::default()).unwrap();
        assert!(matches!(ast, Ast::Bin('+', _, _)));
    }

    #[test]
    fn refuses_when_nesting_exhausted() {
        let opts = ParserOptions { max_depth: 4, trace: false };
        let mut p = Parser::new(tokenize("(1)").unwrap(), &opts);
        p.depth = 4;
        assert_eq!(p.parse_expr(0, 0), Err(ParseError::TooDeep { at: 1 }));
    }
}
