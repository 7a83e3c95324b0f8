"""Cards said aloud: a rank ("sevens wild", "Dzikie dziewiątki") or a whole card ("upcard
seven of spades", "die Herz-Zehn"), for a game's rank and card entry fields (a dealer's
wild rank, gin's upcard). Ranks and suits by language, as folded phrases; a rank said
as a number is the number's."""

from __future__ import annotations

from scorekeeper.scoring.cards import RANKS, SUITS

# "rank.7": a rank said as ranks are named in the plural ("sevens"): with the game's
# rank field word beside it, the rank; "face.Q": a rank in a card; "suit.S": a suit.
FACES = ("A", "J", "Q", "K")
RANK_WORDS = {
    "en": "aces twos threes fours fives sixes sevens eights nines tens jacks queens kings",
    "fr": "as deux trois quatre cinq six sept huit neuf dix valets dames rois",
    "es": "ases doses treses cuatros cincos seises sietes ochos nueves dieces jotas reinas reyes",
    "pl": (
        "asy dwojki trojki czworki piatki szostki siodemki osemki dziewiatki dziesiatki "
        "walety damy krole"
    ),
    "de": (
        "asse zweien dreien vieren funfen sechsen siebenen achten neunen zehnen buben damen konige"
    ),
    "hi": "इक्के दुक्की तिक्की चौके पंजे छक्के सत्ते अट्ठे नहले दहले गुलाम बेगम बादशाह",
}
FACE_WORDS = {
    "en": "ace jack queen king",
    "fr": "as valet dame roi",
    "es": "as jota reina rey",
    "pl": "as walet dama krol",
    "de": "ass bube dame konig",
    "hi": "इक्का गुलाम बेगम बादशाह",
}
SUIT_WORDS = {
    "en": ("spades|spade", "hearts|heart", "diamonds|diamond", "clubs|club"),
    "fr": ("pique|piques", "coeur|coeurs", "carreau|carreaux", "trefle|trefles"),
    "es": ("picas|pica", "corazones|corazon", "diamantes|diamante", "treboles|trebol"),
    "pl": ("pik|piki", "kier|kiery", "karo", "trefl|trefle"),
    "de": ("pik", "herz", "karo", "kreuz"),
    "hi": ("हुकुम", "पान", "ईंट", "चिड़ी"),
}


def card_words(language: str) -> dict[str, str]:
    """The card meanings of ``language`` as vocabulary entries (meaning -> phrases)."""
    said: dict[str, str] = {}
    ranks = RANK_WORDS[language].split()
    # Numbers said in the plural that are the numbers themselves (French "sept") name
    # no rank: the reader takes them as numbers first.
    for rank, word in zip(RANKS, ranks, strict=True):
        said[f"rank.{rank}"] = word
    for face, word in zip(FACES, FACE_WORDS[language].split(), strict=True):
        said[f"face.{face}"] = word
    for suit, words in zip(SUITS, SUIT_WORDS[language], strict=True):
        said[f"suit.{suit}"] = words
    return said
