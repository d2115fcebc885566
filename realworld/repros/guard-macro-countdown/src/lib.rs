//! A depth countdown decreased, checked and restored only inside a
//! `macro_rules!` transcriber, the way serde_json guards recursion. The
//! spend and the check are in the same macro: seeing one means seeing both.

pub struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
    remaining_depth: u8,
}

macro_rules! check_recursion {
    ($this:ident $($body:tt)*) => {
        $this.remaining_depth -= 1;
        if $this.remaining_depth == 0 {
            return Err("recursion limit exceeded".to_string());
        }
        $this $($body)*
        $this.remaining_depth += 1;
    };
}

impl<'a> Parser<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        Parser {
            input,
            pos: 0,
            remaining_depth: 128,
        }
    }

    /// Parses nested brackets and returns the nesting depth.
    pub fn parse(&mut self) -> Result<usize, String> {
        if self.input.get(self.pos) != Some(&b'[') {
            return Ok(0);
        }
        let depth;
        check_recursion! {
            self.eat_char();
            depth = self.parse()? + 1;
        }
        self.eat_char();
        Ok(depth)
    }

    fn eat_char(&mut self) {
        self.pos += 1;
    }
}
