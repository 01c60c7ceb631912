"""Rule texts of the MCR fans: what each of the 89 fans of ``Fan`` is, in Chinese and English.

The texts are our own words after the 1998 rule book as the seeds carry it (001: the
numbered 1-81 list with its 不计 notes; 002: the 不重复 table; 003/004: the worked examples
from 88 down to 32 fan, and 004's 牌例 tallies for 48-24 fan whose pictures are lost).  What
a fan does not count (不计) is said where it matters; the table in ``fans.py`` is the
complete list the scorer applies.

Every example hand is in fanshu notation (``docs``: melds in brackets, the last tile wins)
with the ``fanshu.score`` keywords it needs; where a seed gives the hand, its comment names
the seed and section.  ``tests/rules/mcr/test_descriptions.py`` scores every example and
checks that it counts its fan and that the total is the oracle's (PyMahjongGB).  An example
shows its fan; the examples of the small fans are not always worth the 8 fan a win needs.

>>> DESCRIPTIONS[Fan.SEVEN_PAIRS].examples[0].hand
'1199m55p77sEENNCC'
>>> len(DESCRIPTIONS) == len(Fan)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from fanshu.rules.mcr.fans import Fan
from fanshu.rules.texts import Example, FanText

__all__ = ["DESCRIPTIONS"]


def _t(zh: str, en: str, *examples: Example) -> FanText:
    return FanText(zh, en, examples)


def _x(hand: str, zh: str, en: str, **context: object) -> Example:
    return Example(hand, zh, en, context)


F = Fan
#: the non-official extras count only under the option blessings (联众 values)
LZ = {"options": {"blessings": "lianzhong"}}

_D: dict[Fan, FanText] = {
    # -- 88 ----------------------------------------------------------------------------
    F.BIG_FOUR_WINDS: _t(
        "东、南、西、北四种风牌各有一副刻子或杠子，另加任意一对将牌。"
        "不再计三风刻、小四喜、碰碰和、圈风刻、门风刻和幺九刻。",
        "A pung or kong of each of the four winds, plus any pair. Big Three Winds, "
        "Little Four Winds, All Pungs, Prevalent Wind, Seat Wind and Pung of Terminals or "
        "Honors are not counted on top.",
        # seed 003 §二.2 (also 004): 东东东西西西南南南北北北33万
        _x("EEESSSWWWNNN3m3m", "四副风刻全在手中，单钓三万，另计四暗刻。",
           "All four wind pungs concealed, waiting on 3m: Four Concealed Pungs as well."),
    ),
    F.BIG_THREE_DRAGONS: _t(
        "中、发、白三种箭牌各有一副刻子或杠子，其余一副牌和一对将任意。"
        "不再计小三元、双箭刻、箭刻。",
        "A pung or kong of each of the three dragons; the fourth set and the pair are free. "
        "Little Three Dragons, Two Dragon Pungs and Dragon Pung are not counted on top.",
        # seed 003 §二.3 (also 004): 中中中发发发白白白123万88条
        _x("CCCFFFPPP123m88s", "三副箭刻、一副万子顺子、八条作将。",
           "Three dragon pungs, a chow of characters and a pair of 8 bamboo."),
    ),
    F.ALL_GREEN: _t(
        "整手牌只用二、三、四、六、八条和发财这六种“绿色”的牌组成，牌型不限。"
        "不再计混一色、缺一门；没有发财时可另计清一色。",
        "Every tile is green: 2, 3, 4, 6 and 8 bamboo and the green dragon, in any "
        "winning shape. Half Flush and One Voided Suit are not counted; without the green "
        "dragon the hand also scores Full Flush.",
        # seed 003 §二.6 (also 004): 234234666888条发发
        _x("234234666888sFF", "两副二三四条、六条与八条刻子、发财作将。",
           "Two 234 bamboo chows, pungs of 6 and 8 bamboo and a green dragon pair."),
    ),
    F.NINE_GATES: _t(
        "门前清的一门数牌，手中先有1112345678999，再和这门的任意一张牌。"
        "不再计清一色、门前清、不求人、幺九刻、无字、缺一门。",
        "A concealed hand of one suit holding 1112345678999, which wins on any tile of that "
        "suit. Full Flush, Concealed Hand, Fully Concealed Hand, Pung of Terminals or Honors, "
        "No Honors and One Voided Suit are not counted.",
        # seed 003 §二.4 (also 004): 11123456789999万
        _x("11123456789999m", "九门听的万子，和九万。",
           "The nine-sided wait in characters, won on 9m."),
    ),
    F.FOUR_KONGS: _t(
        "手中有四副杠子（明杠、暗杠均可），再加一对将。"
        "不再计三杠、双明杠、双暗杠、明暗杠、明杠、暗杠、碰碰和、单钓将。",
        "Four kongs, melded or concealed, and a pair. Three Kongs, the two-kong fans, "
        "Melded Kong, Concealed Kong, All Pungs and Single Wait are not counted.",
        # own example (seed 003 §二.7 gives no hand: 任何四副杠子加上任何一对)
        _x("[2222m1][NNNN][5555p2][7777s3]CC", "三副明杠一副暗杠，单钓红中。",
           "Three melded kongs and a concealed one, waiting on the red dragon."),
    ),
    F.SEVEN_SHIFTED_PAIRS: _t(
        "同一门数牌中序数相连的七个对子，如1到7、2到8或3到9，必须门前清。"
        "不再计七对、清一色、门前清、不求人、单钓将、无字、缺一门。",
        "Seven pairs of one suit in an unbroken run (1-7, 2-8 or 3-9), concealed. "
        "Seven Pairs, Full Flush, Concealed Hand, Fully Concealed Hand, Single Wait, "
        "No Honors and One Voided Suit are not counted.",
        # seed 003 §二.5 (also 004): 11223344556677 (the seed's picture is in dots)
        _x("11223344556677p", "一到七饼各一对。", "A pair of each of 1 to 7 dots."),
    ),
    F.THIRTEEN_ORPHANS: _t(
        "三门数牌的一、九和七种字牌各一张，再有其中任意一张成对。"
        "不再计五门齐、门前清、不求人、单钓将、混幺九。",
        "One each of the thirteen terminals and honors (1 and 9 of each suit, the four "
        "winds, the three dragons) and a second copy of any one of them. All Types, "
        "Concealed Hand, Fully Concealed Hand, Single Wait and All Terminals and Honors "
        "are not counted.",
        # seed 003 §二.1 (also 004): 1、9万1、9条1、9饼东南西北中发白白
        _x("19m19p19sESWNCFPP", "十三种幺九牌齐全，白板成对。",
           "All thirteen kinds, with the white dragon as the pair."),
    ),
    # -- 64 ----------------------------------------------------------------------------
    F.ALL_TERMINALS: _t(
        "整手牌只有数牌的一和九，由它们的刻子（杠子）和将牌组成。"
        "不再计混幺九、碰碰和、全带幺、幺九刻、无字、双同刻。",
        "Only 1s and 9s of the suits: pungs or kongs of them and a pair. All Terminals and "
        "Honors, All Pungs, Outside Hand, Pung of Terminals or Honors, No Honors and Double "
        "Pung are not counted.",
        # seed 003 §三.3 (also 004): 111999万111999条99饼
        _x("111999m111999s99p", "一九万、一九条的刻子，九饼作将，另计四暗刻。",
           "Pungs of 1 and 9 in characters and bamboo, a pair of 9 dots: also Four "
           "Concealed Pungs."),
    ),
    F.LITTLE_FOUR_WINDS: _t(
        "四种风牌中三种各有一副刻子或杠子，第四种作将，另有一副任意的牌。"
        "不再计三风刻、幺九刻。",
        "Pungs or kongs of three winds and a pair of the fourth, with any other set. Big "
        "Three Winds and Pung of Terminals or Honors are not counted.",
        # seed 003 §三.1 (also 004): 东东东西西西南南南北北123万
        _x("EEESSSWWWNN123m", "东南西三副风刻、北风作将、一二三万和三万。",
           "East, south and west pungs, a north pair, and 123m won on 3m."),
    ),
    F.LITTLE_THREE_DRAGONS: _t(
        "三种箭牌中两种各有一副刻子或杠子，第三种作将，另有两副任意的牌。"
        "不再计双箭刻、箭刻。",
        "Pungs or kongs of two dragons and a pair of the third, with two other sets. Two "
        "Dragon Pungs and Dragon Pung are not counted.",
        # seed 003 §三.2 (also 004): 中中中发发发白白234b99条 (a 9 bamboo is lost in the
        # seed's text: 13 tiles; the pung 999条 completes it)
        _x("CCCFFFPP234p999s", "中、发两副刻子，白板作将。",
           "Pungs of red and green dragons, the white dragon as the pair."),
    ),
    F.ALL_HONORS: _t(
        "整手牌全是字牌（风牌和箭牌），由字牌的刻子（杠子）和将牌组成。"
        "不再计混幺九、碰碰和、全带幺、幺九刻、缺一门。",
        "Only honor tiles, in pungs or kongs and a pair. All Terminals and Honors, All "
        "Pungs, Outside Hand, Pung of Terminals or Honors and One Voided Suit are not "
        "counted.",
        # seed 003 §三.5 (also 004): 东东东南南南北北北发发发白白
        _x("EEESSSNNNFFFPP", "东南北三副风刻、发财刻子、白板作将。",
           "Pungs of east, south, north and green dragon, the white dragon as the pair."),
    ),
    F.FOUR_CONCEALED_PUNGS: _t(
        "四副刻子（或暗杠）都是自己摸成的，没有碰牌；和别人打出的牌单钓将也可。"
        "不再计三暗刻、双暗刻、碰碰和、门前清、不求人。",
        "Four pungs or kongs all formed from the player's own draws, none claimed (a "
        "discard may still complete the pair). "
        "Three Concealed Pungs, Two Concealed Pungs, All Pungs, Concealed Hand and Fully "
        "Concealed Hand are not counted.",
        # seed 003 §三.6 (also 004): 111万333条777饼东东东发发
        _x("111m333s777pEEEFF", "四副暗刻，单钓发财。",
           "Four concealed pungs, waiting on the green dragon."),
    ),
    F.PURE_TERMINAL_CHOWS: _t(
        "同一门数牌的两副123、两副789顺子，五作将。"
        "不再计清一色、平和、无字、一般高、老少副、七对。",
        "Two 123 chows and two 789 chows of one suit, with a pair of 5s of that suit. Full "
        "Flush, All Chows, No Honors, Pure Double Chow, Two Terminal Chows and Seven Pairs "
        "are not counted.",
        # seed 003 §三.4 (also 004): 12312355789789饼
        _x("12312355789789p", "饼子的两副一二三、两副七八九，五饼作将。",
           "Two 123 and two 789 chows of dots with a 5-dot pair."),
    ),
    # -- 48 ----------------------------------------------------------------------------
    F.QUADRUPLE_CHOW: _t(
        "同一门数牌中四副序数完全相同的顺子。不再计一色三同顺、一般高、四归一。",
        "Four identical chows of one suit. Pure Triple Chow, Pure Double Chow and Tile Hog "
        "are not counted.",
        # seed 003 §四.2 (also 004): 123123123123万77条
        _x("123123123123m77s", "四副一二三万，七条作将。",
           "Four 123 chows of characters and a 7-bamboo pair."),
        # seed 004 牌例 (its picture is lost; rebuilt to its tally): 一色四同顺 + 混一色, 48+6
        _x("[234m1][234m1]234mEE23m4m", "吃了两副，东风作将，两面听四万：加计混一色，共54番。",
           "Two chows claimed, an east pair, a two-sided wait won on 4m: Half Flush too, "
           "54 in all as in seed 004."),
    ),
    F.FOUR_PURE_SHIFTED_PUNGS: _t(
        "同一门数牌中序数依次递增一的四副刻子（或杠子），可以碰。"
        "不再计一色三节高、碰碰和。",
        "Four pungs or kongs of one suit whose numbers rise by one, claimed or not. Pure "
        "Shifted Pungs and All Pungs are not counted.",
        # seed 003 §四.1 (also 004): 222333444555条22饼(可碰)
        _x("222333444555s22p", "二到五条四副刻子，二饼作将，另计四暗刻。",
           "Pungs of 2 to 5 bamboo and a 2-dot pair: also Four Concealed Pungs."),
        # seed 004 牌例1 (picture lost): 一色四节高 with 推不倒, 断幺 — ours shows 断幺
        _x("[333p1][444p1][555p1]666p88p", "碰了三副，同门将牌，加计清一色、断幺。",
           "Three pungs claimed, a pair of the same suit: Full Flush and All Simples too."),
    ),
    # -- 32 ----------------------------------------------------------------------------
    F.FOUR_PURE_SHIFTED_CHOWS: _t(
        "同一门数牌中四副顺子，起点依次递增一（如123、234、345、456）"
        "或依次递增二（如123、345、567、789）。不再计一色三步高、连六、老少副。",
        "Four chows of one suit whose starting numbers rise by one each (123 234 345 456) "
        "or by two each (123 345 567 789). Pure Shifted Chows, Short Straight and Two "
        "Terminal Chows are not counted.",
        # seed 003 §五.1 (also 004): 123345567789万88条
        _x("123345567789m88s", "递增二的四副万子顺子，八条作将。",
           "Four character chows stepping by two, with an 8-bamboo pair."),
        # seed 004 牌例1 (picture lost; rebuilt to its tally): 一色四步高 + 混一色, 32+6
        _x("[234s1][345s1]WW456s56s7s", "递增一的四副条子顺子，西风作将：加计混一色，共38番。",
           "Four bamboo chows stepping by one and a west pair: Half Flush too, 38 in all as "
           "in seed 004."),
    ),
    F.THREE_KONGS: _t(
        "手中有三副杠子，明杠、暗杠均可。不再计双明杠、双暗杠、明暗杠、明杠、暗杠。",
        "Three kongs, melded or concealed. The two-kong fans, Melded Kong and Concealed "
        "Kong are not counted.",
        # seed 004 牌例 (picture lost; rebuilt to its tally): 三杠 + 碰碰和、五门齐、双暗刻、
        # 幺九刻, 32+6+6+2+1
        _x("[NNNN][5555p][7777s1]CC888m", "两副暗杠、一副明杠，和八万成刻：共47番。",
           "Two concealed kongs and a melded one, won on 8m for a pung: All Pungs, All "
           "Types, Two Concealed Pungs and a terminal-or-honor pung, 47 as in seed 004."),
    ),
    F.ALL_TERMINALS_AND_HONORS: _t(
        "整手牌只有一、九和字牌，由它们的刻子（杠子）和将牌组成（七对亦可）。"
        "不再计碰碰和、全带幺、幺九刻。",
        "Only terminals and honors, as pungs or kongs and a pair (or seven pairs). All "
        "Pungs, Outside Hand and Pung of Terminals or Honors are not counted.",
        # seed 004 牌例 (picture lost; rebuilt to its tally): 混幺九 + 双同刻 ×2, 32+2+2
        _x("[111m1][111p1][999m1]EE99s9s", "一万一饼、九万九条各成双同刻：共36番。",
           "1 in characters and dots, 9 in characters and bamboo: Double Pung twice, 36 as "
           "in seed 004."),
    ),
    # -- 24 ----------------------------------------------------------------------------
    F.SEVEN_PAIRS: _t(
        "由七个对子组成的和牌，门前清；四张相同的牌可算两对，另计四归一。"
        "不再计门前清、不求人、单钓将。",
        "Seven pairs, concealed; four of a kind may be two of them, and then also scores "
        "Tile Hog. Concealed Hand, Fully Concealed Hand and Single Wait are not counted.",
        # seed 004 牌例1-4 (pictures lost; rebuilt to their tallies)
        _x("1199m55p77sEENNCC", "五门齐全的七对：共30番。", "Seven pairs of all five "
           "types: All Types too, 30 (seed 004 example 1)."),
        _x("22224466m336688p", "四张二万、全是中张、缺条子：共29番。", "Four 2m, all "
           "simples, no bamboo: Tile Hog, All Simples, One Voided Suit, 29 (example 2)."),
        _x("EESSWWNNCCFFPP", "七种字牌各一对：加计字一色，共88番。", "A pair of each honor: "
           "All Honors too, 88 (example 3)."),
        _x("1111m99m11p99p11s99s", "全是一九：加计清幺九、四归一，共90番。", "Only 1s and "
           "9s: All Terminals and Tile Hog too, 90 (example 4)."),
    ),
    F.GREATER_HONORS_AND_KNITTED_TILES: _t(
        "四种风牌、三种箭牌各一张，再加三门数牌按147、258、369分门搭配中的七张，"
        "没有将牌。不再计全不靠、五门齐、门前清、不求人、单钓将。",
        "All seven honors singly, with seven suited tiles taken from a knitted 147/258/369 "
        "pattern (each suit in its own group); no pair. Lesser Honors and Knitted Tiles, "
        "All Types, Concealed Hand, Fully Concealed Hand and Single Wait are not counted.",
        _x("147m25p36sESWNCFP", "七种字牌齐全，配一四七万、二五饼、三六条。",
           "The seven honors with 147 characters, 25 dots and 36 bamboo."),
    ),
    F.ALL_EVEN_PUNGS: _t(
        "由二、四、六、八数牌的刻子（杠子）和将牌组成的和牌。不再计碰碰和、断幺、无字。",
        "Pungs or kongs of even numbers (2, 4, 6, 8) and an even pair. All Pungs, All "
        "Simples and No Honors are not counted.",
        _x("[222m1][444s1]666p888m22s", "四副双数刻子，单钓二条。",
           "Four even pungs, waiting on 2 bamboo."),
    ),
    F.FULL_FLUSH: _t(
        "整手牌只用一门数牌组成，没有字牌。不再计无字、缺一门。",
        "Every tile is of one suit, no honors. No Honors and One Voided Suit are not "
        "counted.",
        _x("[123s1]345s567s99s888s", "全是条子，另有一色三步高。",
           "All bamboo, with Pure Shifted Chows in it."),
    ),
    F.PURE_TRIPLE_CHOW: _t(
        "同一门数牌中三副序数相同的顺子。不再计一色三节高、一般高。",
        "Three identical chows of one suit. Pure Shifted Pungs and Pure Double Chow are not "
        "counted.",
        _x("[456p1]456456p789m22s", "三副四五六饼。", "Three 456-dot chows."),
    ),
    F.PURE_SHIFTED_PUNGS: _t(
        "同一门数牌中序数依次递增一的三副刻子（或杠子）。不再计一色三同顺。",
        "Three pungs or kongs of one suit whose numbers rise by one. Pure Triple Chow is "
        "not counted.",
        _x("[444m1]555666m123p99s", "四、五、六万三副刻子。", "Pungs of 4, 5 and 6 characters."),
    ),
    F.UPPER_TILES: _t(
        "整手牌只由七、八、九的数牌组成（顺子、刻子、将牌）。不再计大于五、无字。",
        "Only suited 7s, 8s and 9s, in chows, pungs and the pair. Upper Four and No Honors "
        "are not counted.",
        _x("[789m1]777p888s999s88m", "全是七八九。", "Nothing below 7."),
    ),
    F.MIDDLE_TILES: _t(
        "整手牌只由四、五、六的数牌组成。不再计断幺、无字。",
        "Only suited 4s, 5s and 6s. All Simples and No Honors are not counted.",
        _x("[456m1]444p555s666p55m", "全是四五六。", "Nothing but 4, 5 and 6."),
    ),
    F.LOWER_TILES: _t(
        "整手牌只由一、二、三的数牌组成。不再计小于五、无字。",
        "Only suited 1s, 2s and 3s. Lower Four and No Honors are not counted.",
        _x("[123m1]111p222s333p33m", "全是一二三。", "Nothing above 3."),
    ),
    # -- 16 ----------------------------------------------------------------------------
    F.PURE_STRAIGHT: _t(
        "同一门数牌的123、456、789三副顺子，连成一到九。不再计连六、老少副。",
        "The chows 123, 456 and 789 of one suit, running 1 to 9. Short Straight and Two "
        "Terminal Chows are not counted.",
        _x("[123p1]456789p345m99s", "一到九饼连成一条龙。", "1 to 9 of dots in three chows."),
    ),
    F.THREE_SUITED_TERMINAL_CHOWS: _t(
        "两门数牌各有一副123和一副789顺子，第三门的五作将。"
        "不再计平和、无字、喜相逢、老少副。",
        "123 and 789 chows in two suits and a pair of 5s in the third. All Chows, No "
        "Honors, Mixed Double Chow and Two Terminal Chows are not counted.",
        _x("123789m123789s55p", "万、条各一副老少副，五饼作将。",
           "Terminal chows in characters and bamboo, a 5-dot pair."),
    ),
    F.PURE_SHIFTED_CHOWS: _t(
        "同一门数牌中三副顺子，起点依次递增一（123、234、345）或递增二（123、345、567）。",
        "Three chows of one suit whose starting numbers rise by one each (123 234 345) or "
        "by two each (123 345 567).",
        _x("[123s1]234345s678m55p", "递增一的三副条子顺子。", "Bamboo chows stepping by one."),
        _x("[123s1]345567s678m55p", "递增二的三副条子顺子。", "Bamboo chows stepping by two."),
    ),
    F.ALL_FIVE: _t(
        "每副顺子、刻子和将牌里都有数牌五。不再计断幺、无字。",
        "Every set and the pair hold a suited 5. All Simples and No Honors are not counted.",
        _x("[345m1]456s555p567p55s", "每一副都带五。", "A 5 in every group."),
    ),
    F.TRIPLE_PUNG: _t(
        "三门数牌中序数相同的三副刻子（或杠子）。不再计双同刻。",
        "Pungs or kongs of the same number in all three suits. Double Pung is not counted.",
        _x("[777m1][777p1]777s234m99s", "三门的七各一副刻子。", "Pungs of 7 in each suit."),
    ),
    F.THREE_CONCEALED_PUNGS: _t(
        "手中有三副自己摸成的刻子（暗杠也算）。不再计双暗刻。",
        "Three pungs or kongs formed from the player's own draws. Two Concealed Pungs is "
        "not counted.",
        _x("[123m1]222p555s888sNN", "三副暗刻，吃了一副顺子。",
           "Three concealed pungs beside a claimed chow."),
    ),
    # -- 12 ----------------------------------------------------------------------------
    F.LESSER_HONORS_AND_KNITTED_TILES: _t(
        "十四张互不相靠的单张：三门数牌按147、258、369分门，加上字牌，任取十四张，没有将。"
        "不再计五门齐、门前清、不求人、单钓将。",
        "Fourteen single tiles that cannot combine: suited tiles from a knitted 147/258/369 "
        "pattern (each suit in its own group) and honors; no pair. All Types, Concealed "
        "Hand, Fully Concealed Hand and Single Wait are not counted.",
        _x("147m258p369sESWCF", "九张组合龙加五张字牌，另计组合龙。",
           "The whole knitted straight and five honors: Knitted Straight as well."),
    ),
    F.KNITTED_STRAIGHT: _t(
        "三门数牌分别取147、258、369，九张拼成一条“龙”，另有一副牌和一对将。",
        "147 of one suit, 258 of another and 369 of the third (nine tiles), with one more "
        "set and a pair.",
        _x("147m258p369s456m99s", "组合龙配一副顺子，九条作将。",
           "A knitted straight, a chow and a 9-bamboo pair."),
    ),
    F.UPPER_FOUR: _t(
        "整手牌只由六到九的数牌组成。不再计无字。",
        "Only suited 6s to 9s. No Honors is not counted.",
        _x("[678m1]789p666s999s77p", "全是六以上的牌。", "Nothing below 6."),
    ),
    F.LOWER_FOUR: _t(
        "整手牌只由一到四的数牌组成。不再计无字。",
        "Only suited 1s to 4s. No Honors is not counted.",
        _x("[123m1]234p444s111s22p", "全是四以下的牌。", "Nothing above 4."),
    ),
    F.BIG_THREE_WINDS: _t(
        "四种风牌中三种各有一副刻子或杠子。这三副风刻不再计幺九刻。",
        "Pungs or kongs of three of the four winds. Those three pungs do not count Pung of "
        "Terminals or Honors.",
        _x("[EEE1][SSS1]WWW123m5p5p", "东南西三副风刻；门风、圈风都是北。",
           "East, south and west pungs, with north as both seat and prevalent wind.",
           seat_wind="N", prevalent_wind="N"),
    ),
    # -- 8 -----------------------------------------------------------------------------
    F.MIXED_STRAIGHT: _t(
        "三门数牌各出一副顺子，分别是123、456、789，合起来连成一到九。",
        "Three chows, one per suit, that are 123, 456 and 789: 1 to 9 across the suits.",
        _x("[123m1]456p789s345m99s", "一二三万、四五六饼、七八九条。",
           "123 of characters, 456 of dots, 789 of bamboo."),
    ),
    F.REVERSIBLE_TILES: _t(
        "整手牌只用上下颠倒后图案不变的牌：1234589饼、245689条和白板。不再计缺一门。",
        "Only tiles that look the same upside down: 1, 2, 3, 4, 5, 8, 9 of dots, 2, 4, 5, "
        "6, 8, 9 of bamboo and the white dragon. One Voided Suit is not counted.",
        _x("[123p1]345p888s999sPP", "饼子、条子和白板都可倒看。",
           "Dots, bamboo and white dragons that read both ways."),
    ),
    F.MIXED_TRIPLE_CHOW: _t(
        "三门数牌中序数相同的三副顺子。不再计喜相逢。",
        "The same chow in all three suits. Mixed Double Chow is not counted.",
        _x("[234m1]234p234s678m55s", "三门的二三四。", "234 in each suit."),
    ),
    F.MIXED_SHIFTED_PUNGS: _t(
        "三门数牌各一副刻子（或杠子），序数依次递增一。",
        "Three pungs or kongs, one per suit, whose numbers rise by one.",
        _x("[222m1]333p444s567m88s", "二万、三饼、四条三副刻子。",
           "Pungs of 2 characters, 3 dots and 4 bamboo."),
    ),
    F.CHICKEN_HAND: _t(
        "和牌时找不到任何其他番种（花牌除外），就记无番和八番。",
        "A win in which no other fan is found (flowers aside) scores Chicken Hand, 8 fan.",
        _x("[234m1][456s1][789p1]34mNN5m", "吃了三副，北风作将，没有其他番。",
           "Three claimed chows and a north pair: nothing else scores."),
    ),
    F.LAST_TILE_DRAW: _t(
        "摸牌墙最后一张牌自摸和牌。不再计自摸。",
        "Winning on a self-draw of the wall's last tile. Self-Drawn is not counted.",
        _x("[234m1][678s1]789p34m11s2m", "海底牌自摸二万。", "Drawing 2m as the last tile.",
           self_drawn=True, wall_last=True),
    ),
    F.LAST_TILE_CLAIM: _t(
        "和别人打出的全局最后一张牌。",
        "Winning on the last discard of the hand, made after the wall's last tile was "
        "drawn.",
        _x("[234m1][678s1]789p34m11s2m", "和最后一张打出的二万。",
           "Winning on 2m, the hand's last discard.", wall_last=True),
    ),
    F.OUT_WITH_REPLACEMENT_TILE: _t(
        "开杠后补摸的那张牌正好和牌（补花不算）。不再计自摸。",
        "Winning on the replacement tile drawn after a kong (not after a flower). Self-Drawn "
        "is not counted.",
        _x("[5555m1][678s1]789p34m11s2m", "杠五万后补摸二万和牌。",
           "Kong of 5m, then 2m from the replacement draw.", self_drawn=True, kong=True),
    ),
    F.ROBBING_THE_KONG: _t(
        "别人把碰出的刻子加成杠时，和他加的那张牌。不再计和绝张。",
        "Winning on the tile another player adds to a melded pung to make a kong. Last "
        "Tile is not counted.",
        _x("[234m1][678s1]789p34m11s5m", "别人加杠五万时抢和。",
           "Robbing a 5m added to a kong.", kong=True),
    ),
    # -- 6 -----------------------------------------------------------------------------
    F.ALL_PUNGS: _t(
        "由四副刻子（或杠子）和一对将组成的和牌。",
        "Four pungs or kongs and a pair.",
        _x("[222m1][555p1]777s999sNN", "四副刻子，单钓北风。", "Four pungs, waiting on north."),
    ),
    F.HALF_FLUSH: _t(
        "整手牌由一门数牌和字牌组成。不再计缺一门。",
        "One suit and honors only. One Voided Suit is not counted.",
        _x("[123p1]345p789pEEE99p", "饼子加东风刻；门风、圈风都是南。",
           "Dots with an east pung, south being seat and prevalent wind.",
           seat_wind="S", prevalent_wind="S"),
    ),
    F.MIXED_SHIFTED_CHOWS: _t(
        "三门数牌各一副顺子，起点依次递增一（如万123、饼234、条345）。",
        "Three chows, one per suit, whose starting numbers rise by one (123, 234, 345).",
        _x("[123m1]234p345s789m55s", "一二三万、二三四饼、三四五条。",
           "123 characters, 234 dots, 345 bamboo."),
    ),
    F.ALL_TYPES: _t(
        "万、饼、条、风牌、箭牌五种牌都出现在组成和牌的各副牌与将牌里。",
        "Characters, dots, bamboo, winds and dragons all appear among the hand's sets and "
        "pair.",
        _x("[123m1]456p678sEEECC", "三门数牌、东风刻、红中将；门风、圈风都是南。",
           "All three suits, an east pung and a red-dragon pair (south is seat and "
           "prevalent wind).", seat_wind="S", prevalent_wind="S"),
    ),
    F.MELDED_HAND: _t(
        "四副牌全靠吃、碰（明杠）得来，手中只剩一张，单钓别人打出的牌和牌。不再计单钓将。",
        "All four sets claimed (chows, pungs, melded kongs), winning on a discard that pairs "
        "the last tile in hand. Single Wait is not counted.",
        _x("[123m1][456s1][678p1][EEE1]FF", "四副都是吃碰，和别人打出的发财。",
           "Four claimed sets, winning on a discarded green dragon."),
    ),
    F.TWO_CONCEALED_KONGS: _t(
        "手中有两副暗杠（默认六番，选项two_concealed_kongs可改为绿皮书的八番）。不再计暗杠、双暗刻。",
        "Two concealed kongs (6 fan by default, 8 as in the Green Book under the option "
        "two_concealed_kongs). Concealed Kong and Two Concealed Pungs are not counted.",
        _x("[1111m][2222s]345p678m99p", "一万、二条两副暗杠。",
           "Concealed kongs of 1 characters and 2 bamboo."),
    ),
    F.TWO_DRAGONS_PUNGS: _t(
        "两种箭牌各有一副刻子或杠子。不再计箭刻。",
        "Pungs or kongs of two dragons. Dragon Pung is not counted.",
        _x("[CCC1]FFF123m456p99s", "红中、发财两副刻子。", "Red and green dragon pungs."),
    ),
    # -- 4 -----------------------------------------------------------------------------
    F.OUTSIDE_HAND: _t(
        "每一副顺子、刻子和将牌都带有一、九或字牌。",
        "Every set and the pair hold a terminal or an honor.",
        _x("[123m1]789p789s111pNN", "每副牌都带幺九，北风作将。",
           "A 1 or 9 in every set, a north pair."),
    ),
    F.FULLY_CONCEALED_HAND: _t(
        "没有吃、碰、明杠，自摸和牌。不再计门前清、自摸。",
        "No claimed sets (concealed kongs are fine) and a self-drawn win. Concealed Hand "
        "and Self-Drawn are not counted.",
        _x("123m456m678s345p99p", "门前清自摸九饼。", "Concealed, self-drawing 9 dots.",
           self_drawn=True),
    ),
    F.TWO_MELDED_KONGS: _t(
        "手中有两副明杠。不再计明杠。",
        "Two melded kongs. Melded Kong is not counted.",
        _x("[1111m1][3333s2]345p678m99p", "一万、三条两副明杠。",
           "Melded kongs of 1 characters and 3 bamboo."),
    ),
    F.LAST_TILE: _t(
        "所和的牌已有三张亮在桌面上（牌池或别人的副露），和的是第四张。",
        "Winning on a tile whose other three copies are already visible on the table "
        "(discards or melds).",
        _x("[234m1][678s1]789p34m11s5m", "另外三张五万都已见光。",
           "The other three 5m are already in sight.", fourth_tile=True),
    ),
    # -- 2 -----------------------------------------------------------------------------
    F.DRAGON_PUNG: _t(
        "一副中、发或白的刻子或杠子。",
        "A pung or kong of a dragon.",
        _x("[CCC1]123m456s678p99m", "碰红中。", "A claimed pung of red dragons."),
    ),
    F.PREVALENT_WIND: _t(
        "一副与本圈圈风相同的风刻（杠）。这副风刻不再计幺九刻。",
        "A pung or kong of the prevalent (round) wind. That pung does not count Pung of "
        "Terminals or Honors.",
        _x("[SSS1]123m456s678p99m", "南风圈碰南风，门风是西。",
           "A south pung in the south round (seat wind west).",
           prevalent_wind="S", seat_wind="W"),
    ),
    F.SEAT_WIND: _t(
        "一副与自己门风相同的风刻（杠）。这副风刻不再计幺九刻。",
        "A pung or kong of the player's own seat wind. That pung does not count Pung of "
        "Terminals or Honors.",
        _x("[WWW1]123m456s678p99m", "坐西家碰西风，圈风是南。",
           "A west pung in the west seat (prevalent wind south).",
           seat_wind="W", prevalent_wind="S"),
    ),
    F.CONCEALED_HAND: _t(
        "手中没有吃进、碰出或明杠的牌，靠别人打出的牌和牌。",
        "No claimed sets (concealed kongs are fine), winning on a discard.",
        _x("123m456s678p345m99p", "门前清，和别人打出的九饼。", "Concealed, winning on a "
           "discarded 9 dots."),
    ),
    F.ALL_CHOWS: _t(
        "四副顺子加一对数牌将，没有字牌；边张、嵌张、单钓不影响平和。不再计无字。",
        "Four chows and a suited pair, no honors; the wait does not matter. No Honors is "
        "not counted.",
        _x("[123m1]456m789s234p55s", "四副顺子，五条作将。", "Four chows and a 5-bamboo pair."),
    ),
    F.TILE_HOG: _t(
        "四张相同的牌用在顺子、刻子或将牌里，但不是杠。",
        "All four copies of a tile used in the hand's sets and pair, without a kong.",
        _x("[123m1]333m456p789s55s", "四张三万：一张在顺子里，三张成刻。",
           "Four 3m: one in a chow, three in a pung."),
    ),
    F.DOUBLE_PUNG: _t(
        "两门数牌中序数相同的两副刻子（或杠子）。",
        "Pungs or kongs of the same number in two suits.",
        _x("[222m1]222s345p678m99s", "二万、二条两副刻子。", "Pungs of 2 characters and "
           "2 bamboo."),
    ),
    F.TWO_CONCEALED_PUNGS: _t(
        "两副自己摸成的刻子（暗杠也算）。",
        "Two pungs or kongs formed from the player's own draws.",
        _x("[123m1]222p555s678s99s", "二饼、五条两副暗刻。", "Concealed pungs of 2 dots and "
           "5 bamboo."),
    ),
    F.CONCEALED_KONG: _t(
        "自己摸齐四张相同的牌开杠。",
        "A kong of four tiles the player drew.",
        _x("[6666m]123p456s789s11s", "暗杠六万。", "A concealed kong of 6 characters."),
    ),
    F.ALL_SIMPLES: _t(
        "整手牌没有一、九和字牌。不再计无字。",
        "No terminals and no honors. No Honors is not counted.",
        _x("[234m1]456s678p345p88s", "全是二到八的牌。", "Only 2 to 8."),
    ),
    # -- 1 -----------------------------------------------------------------------------
    F.PURE_DOUBLE_CHOW: _t(
        "同一门数牌中两副相同的顺子。",
        "Two identical chows of one suit.",
        _x("[234m1]234m456s789p11s", "两副二三四万。", "Two 234 chows of characters."),
    ),
    F.MIXED_DOUBLE_CHOW: _t(
        "两门数牌中序数相同的两副顺子。",
        "The same chow in two suits.",
        _x("[345m1]345p678s111s99m", "三四五万与三四五饼。", "345 in characters and dots."),
    ),
    F.SHORT_STRAIGHT: _t(
        "同一门数牌中六张相连的牌组成两副顺子（如123与456）。",
        "Two chows of one suit that run on from each other (such as 123 and 456).",
        _x("[123m1]456m789s234p55s", "一二三万接四五六万。", "123 and 456 of characters."),
    ),
    F.TWO_TERMINAL_CHOWS: _t(
        "同一门数牌的123和789两副顺子。",
        "The 123 and 789 chows of one suit.",
        _x("[123m1]789m456s234p55s", "一二三万与七八九万。", "123 and 789 of characters."),
    ),
    F.PUNG_OF_TERMINALS_OR_HONORS: _t(
        "一副一、九或字牌的刻子（杠）；已计箭刻、圈风刻、门风刻、三风刻的那几副不再计。",
        "A pung or kong of terminals or honors; a dragon pung, or a wind pung that already "
        "scores as prevalent, seat or Big Three Winds, does not count it again.",
        _x("[999m1]123p456s789s55s", "碰九万。", "A claimed pung of 9 characters."),
    ),
    F.MELDED_KONG: _t(
        "一副明杠：用手中三张杠别人打出的牌，或在碰出的刻子上加杠。",
        "A melded kong: a discard claimed onto three in hand, or a tile added to a melded "
        "pung.",
        _x("[8888s1]123p456s789m55m", "明杠八条。", "A melded kong of 8 bamboo."),
    ),
    F.ONE_VOIDED_SUIT: _t(
        "整手牌缺少三门数牌中的一门。",
        "One of the three suits is missing altogether.",
        _x("[123m1]456m789s234s55s", "没有饼子。", "No dots."),
    ),
    F.NO_HONORS: _t(
        "整手牌没有风牌和箭牌。",
        "No winds and no dragons.",
        _x("[123m1]456p678s999p55s", "没有字牌。", "No honor tiles."),
    ),
    F.EDGE_WAIT: _t(
        "只听一张：用12听3或用89听7（边张）。1233听3这样只听一张的也算；"
        "12345听3、6则不算。",
        "Waiting on one tile only, the 3 of a 12 or the 7 of an 89. A shape such as 1233 "
        "waiting only on 3 counts too; 12345 waiting on 3 and 6 does not.",
        _x("[234p1]456s789s55m12m3m", "一二万听三万。", "12 characters waiting on 3."),
    ),
    F.CLOSED_WAIT: _t(
        "只听一张：和两张牌中间的那张（嵌张），如46听5；4556听5也算，45567听6则不算。",
        "Waiting on one tile only, the middle of a chow (46 waiting on 5); 4556 waiting on "
        "5 counts, 45567 waiting on 6 does not.",
        _x("[234p1]456s789s55m46m5m", "四六万嵌五万。", "46 characters waiting on 5."),
    ),
    F.SINGLE_WAIT: _t(
        "只听一张：单钓一张牌作将和牌。",
        "Waiting on one tile only, the partner of a single tile that becomes the pair.",
        _x("[234p1]456s789s567mNN", "单钓北风。", "Waiting on north for the pair."),
    ),
    F.SELF_DRAWN: _t(
        "自己摸到和牌的那张牌。",
        "Drawing the winning tile oneself.",
        _x("[234p1]456s789s56m55m7m", "自摸七万。", "Self-drawing 7 characters.",
           self_drawn=True),
    ),
    F.FLOWER_TILES: _t(
        "每张花牌（四季与梅兰竹菊）计一番；它不算进起和所需的八番，和了才加。",
        "Each flower (the eight season and plant tiles) adds 1 fan once the hand wins; "
        "flowers do not count toward the 8-fan minimum.",
        _x("[234p1]456s789s56m55m7m", "有两张花牌。", "Two flowers.", flowers=2),
    ),
    # -- MIL supplement -----------------------------------------------------------------
    F.CONCEALED_KONG_AND_MELDED_KONG: _t(
        "一副明杠与一副暗杠（国际麻将联盟的补充规定，默认五番，选项concealed_and_melded_kong可改为六番）。"
        "不再计明杠、暗杠。",
        "One melded and one concealed kong (a Mahjong International League addition, 5 fan "
        "by default, 6 under the option concealed_and_melded_kong). Melded Kong and "
        "Concealed Kong are not counted.",
        _x("[1111m1][2222s]345p678m99p", "明杠一万、暗杠二条。",
           "A melded kong of 1 characters, a concealed kong of 2 bamboo."),
    ),
    # -- non-official extras (option blessings) ------------------------------------------
    F.HEAVENLY_HAND: _t(
        "非正式番种（需开启选项blessings）：庄家起手的十四张就已和牌，牌型不限。"
        "不再计不求人、门前清、自摸、边张、嵌张、单钓将、天听。",
        "A non-official extra (option blessings): the dealer's fourteen dealt tiles are "
        "already a win, in any shape. Fully Concealed Hand, Concealed Hand, Self-Drawn, the "
        "wait fans and Heavenly Ready are not counted.",
        # seed 003 §一.3 (also 004): 庄家起牌即和
        _x("123m456p123789sEE", "庄家起手即和。", "The dealer wins with the dealt hand.",
           **LZ, first_turn=True, self_drawn=True, dealer=True),
    ),
    F.EARTHLY_HAND: _t(
        "非正式番种（需开启选项blessings）：闲家在第一次摸牌时就自摸和牌，牌型不限。"
        "不再计不求人、门前清、自摸、天听。",
        "A non-official extra (option blessings): a player other than the dealer wins by "
        "self-draw on the first tile drawn. Fully Concealed Hand, Concealed Hand, "
        "Self-Drawn and Heavenly Ready are not counted.",
        # seed 003 §一.4 (also 004): 庄家出第一张后，下家自摸
        _x("123m456p123789sEE", "闲家第一次摸牌即自摸。", "A non-dealer's first draw wins.",
           **LZ, first_turn=True, self_drawn=True),
    ),
    F.HUMAN_HAND: _t(
        "非正式番种（需开启选项blessings）：在第一圈内、没有人吃碰之前和别人打出的牌。"
        "不再计门前清、天听。",
        "A non-official extra (option blessings): winning on a discard within the first "
        "go-round, before any claim. Concealed Hand and Heavenly Ready are not counted.",
        # seed 003 §一.5 (also 004): 第一圈内胡牌
        _x("123m456p123789sEE", "第一圈内和别人打出的东风。",
           "Winning on a discarded east in the first go-round.", **LZ, first_turn=True),
    ),
    F.HEAVENLY_READY: _t(
        "非正式番种（需开启选项blessings）：起手的牌就已听牌并报听，之后和牌。",
        "A non-official extra (option blessings): the starting hand is already ready and "
        "is declared so; the hand later wins.",
        # seed 004: 起牌即上听
        _x("123m456p123789sEE", "起手报听，后来和东风。",
           "Declared ready at the start, later winning on east.", **LZ, ready_at_start=True),
    ),
    F.FOUR_WINDS_AND_GREEN: _t(
        "非正式番种（需开启选项blessings）：大四喜以发财作将。"
        "不再计大四喜、字一色及它们所含的番。",
        "A non-official extra (option blessings): Big Four Winds with a pair of green "
        "dragons. Big Four Winds, All Honors and what they include are not counted.",
        # seed 003 §一.2 (also 004): 东东东西西西南南南北北北发发
        _x("EEEWWWSSSNNNFF", "四副风刻，发财作将。", "Four wind pungs and a green-dragon pair.",
           **LZ),
    ),
    F.WHOLE_FAMILY: _t(
        "非正式番种（需开启选项blessings）：大三元、四暗刻、字一色同时成立。"
        "以它代替这三个番（216 = 88 + 64 + 64）。",
        "A non-official extra (option blessings): Big Three Dragons, Four Concealed Pungs "
        "and All Honors at once; it replaces the three (216 = 88 + 64 + 64).",
        # seed 003 §一.1 (also 004): 大三元、四暗刻、字一色
        _x("CCCFFFPPPEEESS", "三副箭刻、东风暗刻、南风作将，全在手中。",
           "Three dragon pungs, a concealed east pung and a south pair.", **LZ),
    ),
    F.WILD_KONG: _t(
        "非正式番种（需开启选项blessings并指定混牌）：用四张混牌开杠。代替该杠的明杠或暗杠。",
        "A non-official extra (option blessings, with a wild tile kind named): a kong of "
        "the four wild tiles. It replaces that kong's Melded Kong or Concealed Kong.",
        # seed 003 §二.8 (also 002, 004): 四张混开杠
        _x("[5555p]123m456m789s1s1s", "五饼是混牌，四张开暗杠。",
           "5 dots are wild; all four form a concealed kong.",
           **LZ, self_drawn=True, wildcard="5p"),
    ),
}  # fmt: skip

#: The rule text of every ``Fan``, read-only.
DESCRIPTIONS: Mapping[Fan, FanText] = MappingProxyType(_D)
assert set(DESCRIPTIONS) == set(Fan), "every fan has a rule text"
