/// Gen represents a PRNG plus the size hint that arbitrary values use.
pub struct Gen {
    state: u64,
    size: usize,
}

impl Gen {
    pub fn new(size: usize) -> Gen {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x9E37_79B9_7F4A_7C15);
        Gen { state: seed | 1, size }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    fn next_u64(&mut self) -> u64 {
        // xorshift64*
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn gen_range(&mut self, upper: usize) -> usize {
        if upper == 0 {
            0
        } else {
            (self.next_u64() % upper as u64) as usize
        }
    }
}

pub trait Arbitrary: Clone + 'static {
    fn arbitrary(g: &mut Gen) -> Self;

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(std::iter::empty())
    }
}

impl Arbitrary for u32 {
    fn arbitrary(g: &mut Gen) -> Self {
        g.gen_range(g.size() + 1) as u32
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = u32>> {
        let x = *self;
        Box::new((0..x).rev().take(8).map(move |d| x - d - 1).filter(move |v| *v < x))
    }
}

impl Arbitrary for bool {
    fn arbitrary(g: &mut Gen) -> Self {
        g.gen_range(2) == 1
    }
}

impl<A: Arbitrary> Arbitrary for Vec<A> {
    fn arbitrary(g: &mut Gen) -> Self {
        let len = g.gen_range(g.size() + 1);
        (0..len).map(|_| A::arbitrary(g)).collect()
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Vec<A>>> {
        let v = self.clone();
        Box::new((0..v.len()).map(move |i| {
            let mut w = v.clone();
            w.remove(i);
            w
        }))
    }
}
