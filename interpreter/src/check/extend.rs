//! `extends`: a file's sections laid over its base definition's. Sections that
//! appear once (variant, board, setup, end, immobilization, suicide) replace the
//! base's; the base's `evaluation` is never taken (its weights fit the base's own
//! games). A piece, zone or castling rule replaces the base's of the same name in
//! its place (so piece order, and with it FEN letters' meaning, is kept) or is
//! added; `modify` replaces some properties of a base piece.

use crate::diagnostic::{self, Code, Diagnostic};
use crate::syntax::{self, File, Item, ModifyDecl, PieceDecl, PieceProp};

/// The merged file, and the problems found merging (a `modify` of no base piece).
pub fn merge(base: File, child: File) -> (File, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut items = base.items;
    // A singleton kind the child gives replaces every base item of that kind; the
    // base's evaluation, fitted to the base's own games, is never kept.
    let given: Vec<Singleton> = child.items.iter().filter_map(singleton).collect();
    items.retain(|item| {
        singleton(item).is_none_or(|s| s != Singleton::Evaluation && !given.contains(&s))
    });
    let base_len = items.len();
    let mut replaced = vec![false; base_len];
    for item in child.items {
        if let Item::Modify(m) = item {
            modify(&mut items[..base_len], m, &mut diags);
            continue;
        }
        let slot = named(&item).and_then(|key| {
            (0..base_len).find(|&i| !replaced[i] && named(&items[i]).as_ref() == Some(&key))
        });
        match slot {
            Some(i) => {
                replaced[i] = true;
                items[i] = item;
            }
            None => items.push(item),
        }
    }
    (
        File {
            extends: child.extends,
            items,
        },
        diags,
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Singleton {
    Variant,
    Board,
    Setup,
    End,
    Immobilization,
    Suicide,
    MustCapture,
    NoCheck,
    Explosions,
    Pass,
    Blocks,
    Walls,
    Evaluation,
    Hand,
    Redeal,
}

fn singleton(item: &Item) -> Option<Singleton> {
    Some(match item {
        Item::Variant(_) => Singleton::Variant,
        Item::Board(_) => Singleton::Board,
        Item::Setup(_) => Singleton::Setup,
        Item::End(_) => Singleton::End,
        Item::Immobilization(_) => Singleton::Immobilization,
        Item::Suicide(_) => Singleton::Suicide,
        Item::MustCapture(_) => Singleton::MustCapture,
        Item::NoCheck(_) => Singleton::NoCheck,
        Item::Explosions(_) => Singleton::Explosions,
        Item::Pass(..) => Singleton::Pass,
        Item::Blocks(_) => Singleton::Blocks,
        Item::Walls(_) => Singleton::Walls,
        Item::Evaluation(_) => Singleton::Evaluation,
        Item::Hand(_) => Singleton::Hand,
        Item::Redeal(_) => Singleton::Redeal,
        _ => return None,
    })
}

/// The section kind and name an item is replaced by.
fn named(item: &Item) -> Option<(u8, String)> {
    match item {
        Item::Piece(p) => Some((0, p.name.value.clone())),
        Item::Zone(z) => Some((1, z.name.value.clone())),
        Item::Castle(c) => Some((2, c.flag.value.clone())),
        _ => None,
    }
}

/// Which properties one property replaces: every `moves` form counts as one kind.
fn prop_kind(prop: &PieceProp) -> u8 {
    match prop {
        PieceProp::Royal(..) => 0,
        PieceProp::EnPassant(..) => 1,
        PieceProp::Promotes { .. } => 2,
        PieceProp::Betza(..) | PieceProp::Rules(..) => 3,
        PieceProp::Capture { .. } => 4,
        PieceProp::Immobilize(_) => 5,
        PieceProp::Swap(_) => 6,
        PieceProp::Immune(_) => 7,
        PieceProp::TwoCell(..) => 8,
        PieceProp::Value(_) => 9,
        PieceProp::CapturedAs(..) => 10,
        PieceProp::Confined(..) => 11,
        PieceProp::NoFacing(_) => 12,
        PieceProp::CapturesChecker(_) => 15,
        PieceProp::PromotionLimit(..) => 16,
        PieceProp::Petrifies(_) => 17,
        PieceProp::FirstMove(_) => 18,
        PieceProp::Flips(..) => 19,
        PieceProp::Cannot(_, syntax::Restriction::Capture, _) => 13,
        PieceProp::Cannot(_, syntax::Restriction::Hop, _) => 14,
    }
}

fn modify(items: &mut [Item], m: ModifyDecl, diags: &mut Vec<Diagnostic>) {
    let piece = items.iter_mut().find_map(|item| match item {
        Item::Piece(p) if p.name.value == m.name.value => Some(p),
        _ => None,
    });
    match piece {
        Some(piece) => apply(piece, m.props),
        None => {
            let names: Vec<String> = items
                .iter()
                .filter_map(|item| match item {
                    Item::Piece(p) => Some(p.name.value.clone()),
                    _ => None,
                })
                .collect();
            let d = Diagnostic::error(
                Code::UnknownPiece,
                format!("the base definition has no piece `{}`", m.name.value),
            )
            .at(m.name.span, "not in the base definition");
            diags.push(
                match diagnostic::suggest(&m.name.value, names.iter().map(String::as_str)) {
                    Some(g) => d.help(format!("did you mean `{g}`?")),
                    None => d.help(format!(
                        "`modify` changes a piece of the base; to add a piece write `piece {} X {{ ... }}`. The base's pieces are: {}",
                        m.name.value,
                        names.join(", ")
                    )),
                },
            );
        }
    }
}

fn apply(piece: &mut PieceDecl, props: Vec<PieceProp>) {
    let kinds: Vec<u8> = props.iter().map(prop_kind).collect();
    piece.props.retain(|p| !kinds.contains(&prop_kind(p)));
    piece.props.extend(props);
}
