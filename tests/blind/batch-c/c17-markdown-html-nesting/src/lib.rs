//! HTML rendering of parsed Markdown blocks.
//!
//! Block quotes and lists can nest arbitrarily in the source; past
//! [`RenderOptions::nesting_ceiling`] levels the remaining subtree is
//! rendered as flat, escaped text instead of further nested elements.

mod html;

pub use html::{HtmlRenderer, RenderOptions};

/// Block-level syntax tree produced by the parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Paragraph(String),
    CodeBlock { lang: Option<String>, text: String },
    BlockQuote(Vec<Block>),
    /// Items of a list, each a sequence of blocks.
    List { ordered: bool, items: Vec<Vec<Block>> },
}
