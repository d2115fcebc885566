use std::cell::Cell;
use std::fmt::Write;

use crate::Block;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions {
    /// Deepest quote/list nesting emitted as real elements.
    pub nesting_ceiling: usize,
    pub code_class_prefix: String,
}

impl Default for RenderOptions {
    fn default() -> Self {
        Self { nesting_ceiling: 32, code_class_prefix: "language-".to_string() }
    }
}

pub struct HtmlRenderer {
    opts: RenderOptions,
    level: Cell<usize>,
}

/// Leaves one nesting level when dropped.
struct Nest<'a>(&'a Cell<usize>);

impl Drop for Nest<'_> {
    fn drop(&mut self) {
        self.0.set(self.0.get() - 1);
    }
}

fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

fn flatten(out: &mut String, blocks: &[Block]) {
    for b in blocks {
        match b {
            Block::Paragraph(t) | Block::CodeBlock { text: t, .. } => {
                escape(out, t);
                out.push(' ');
            }
            Block::BlockQuote(inner) => flatten(out, inner),
            Block::List { items, .. } => items.iter().for_each(|i| flatten(out, i)),
        }
    }
}

impl HtmlRenderer {
    pub fn new(opts: RenderOptions) -> Self {
        Self { opts, level: Cell::new(0) }
    }

    fn enter(&self) -> Option<Nest<'_>> {
        let level = self.level.get();
        if level >= self.opts.nesting_ceiling {
            return None;
        }
        self.level.set(level + 1);
        Some(Nest(&self.level))
    }

    pub fn render(&self, blocks: &[Block]) -> String {
        let mut out = String::new();
        self.render_blocks(&mut out, blocks);
        out
    }

    fn render_blocks(&self, out: &mut String, blocks: &[Block]) {
        for block in blocks {
            self.render_block(out, block);
        }
    }

    fn render_block(&self, out: &mut String, block: &Block) {
        match block {
            Block::Paragraph(text) => {
                out.push_str("<p>");
                escape(out, text);
                out.push_str("</p>\n");
            }
            Block::CodeBlock { lang, text } => {
                match lang {
                    Some(l) => {
                        let _ = write!(out, "<pre><code class=\"{}{}\">", self.opts.code_class_prefix, l);
                    }
                    None => out.push_str("<pre><code>"),
                }
                escape(out, text);
                out.push_str("</code></pre>\n");
            }
            Block::BlockQuote(inner) => match self.enter() {
                Some(_nest) => {
                    out.push_str("<blockquote>\n");
                    self.render_blocks(out, inner);
                    out.push_str("</blockquote>\n");
                }
                None => flatten(out, inner),
            },
            Block::List { ordered, items } => {
                let Some(_nest) = self.enter() else {
                    items.iter().for_each(|i| flatten(out, i));
                    return;
                };
                let tag = if *ordered { "ol" } else { "ul" };
                let _ = writeln!(out, "<{tag}>");
                for item in items {
                    out.push_str("<li>");
                    self.render_blocks(out, item);
                    out.push_str("</li>\n");
                }
                let _ = writeln!(out, "</{tag}>");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotes(depth: usize) -> Block {
        (0..depth).fold(Block::Paragraph("deep".into()), |b, _| Block::BlockQuote(vec![b]))
    }

    #[test]
    fn nesting_is_capped() {
        let r = HtmlRenderer::new(RenderOptions { nesting_ceiling: 3, ..Default::default() });
        let html = r.render(&[quotes(10)]);
        assert_eq!(html.matches("<blockquote>").count(), 3);
        assert!(html.contains("deep"));
    }

    #[test]
    fn level_is_restored() {
        let r = HtmlRenderer::new(RenderOptions { nesting_ceiling: 2, ..Default::default() });
        let html = r.render(&[quotes(2), quotes(2)]);
        assert_eq!(html.matches("<blockquote>").count(), 4);
    }
}
