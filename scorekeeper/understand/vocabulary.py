"""What players say at the table, in the app's six languages: the words every game
shares here, each game's own words declared by its family (``spoken`` beside its
scoring, in scorekeeper/scoring/), gathered from the registry.

Keys are meanings: entry-field names (``hands``, ``wrong_show`` ...) as the variants
declare them, so a variant's form and its spoken words meet at the field. A key
``field.choice`` is one choice of a field (``drops.middle``; ``pozzetto.no``: said not
taken). Here are the fields several games share (``hands``, ``melded`` ...) and the
meanings that are no field: ``OUT`` (whoever went out, knocked or won: the entry's
player field), ``NOBODY`` (the stock ran out), ``GIN`` (knocked with nothing left),
``FILLER`` (words that carry nothing), ``MINUS`` (the next number is negative),
``DEAL`` (the next number is the deal's, not a score), ``REST`` (everyone not named
yet), ``EVERYONE``, ``CORRECT`` (the value after it replaces the one before) and
``OR`` (two values, neither chosen). A key the game's variant names among its
``spoken_values`` (``full_count``) is a value said as words.

Each meaning lists its phrases separated by "|"; the first is the one read back
(``read_back``).
"""

from __future__ import annotations

from scorekeeper.scoring import VARIANTS

from .cards import card_words
from .numbers import GERMAN_PARTS, NUMERALS
from .text import fold, words

OUT, NOBODY, GIN, FILLER, MINUS, DEAL = "OUT", "NOBODY", "GIN", "FILLER", "MINUS", "DEAL"
REST, EVERYONE, CORRECT, OR = "REST", "EVERYONE", "CORRECT", "OR"

# Sounds that carry nothing, in any of the six languages: dropped before reading (one
# may fall inside a phrase: "red threes, um, held").
HESITATIONS = frozenset(
    fold(word)
    for word in [
        "um",
        "uh",
        "er",
        "erm",
        "hmm",
        "euh",
        "heu",
        "eh",
        "em",
        "yyy",
        "yyyy",
        "eee",
        "äh",
        "ähm",
        "öh",
        "hm",
        "अं",
        "उम",
    ]
)

SAID: dict[str, dict[str, str]] = {
    "en": {
        OUT: (
            "went out|goes out|go out|out|won|wins|winner|knocked|knocks|knock|closed|shows|"
            "showed|valid show|declared|made a valid show|finished"
        ),
        NOBODY: (
            "nobody|no one|nobody out|stock ran out|block|void|nobody went out|"
            "no one went out|nobody knocked|dead hand|nobody could play|nobody can play"
        ),
        GIN: "gin|went gin|goes gin",
        "one_turn": "in one turn|all at once|blind|went kalooki|kalooki|went out blind",
        "melds": "melded|melds|meld|on the table|laid down|down",
        "melded": "melded|melds|meld|on the table|laid down",
        "hands": "in hand|hand|left|holds|held|deadwood|stuck with",
        "hand": "in hand|hand|left|holds|held",
        "scores": "scored|scores|score",
        "clean": "clean|clean books|clean book|clean burracos|clean burraco",
        "dirty": "dirty|dirty books|dirty book|dirty burracos|dirty burraco",
        "wild": "wild books|wild book|wild",
        "red_threes": "red threes|red three|red 3s|red 3",
        "rejoin": "rejoins|rejoined|rejoin|buys back in|back in",
        MINUS: "minus|negative",
        DEAL: "deal|round|hand number|hole|hole number",
        FILLER: (
            "and|then|with|has|had|got|gets|is|the|a|for|points|point|pts|on|of|at|um|uh|er|"
            "so|ok|okay|well|just|cards|card|in|by|to|it|was|undercut|undercuts|their|his|"
            "her|nobody else|no one else|nobody else made it|side|s|team|this time|that s|"
            "after|plus|positive|valid|made a|laying off|after laying off|so that s an"
        ),
        REST: (
            "everyone else|everybody else|the rest|all the rest|all the others|the others|"
            "all others"
        ),
        EVERYONE: "everyone|everybody",
        CORRECT: "no|sorry|i mean|no wait|correction",
        OR: "or",
    },
    "fr": {
        OUT: (
            "est sorti|est sortie|sorti|sortie|sort|a gagne|gagne|gagnant|a frappe|frappe|"
            "cogne|a ferme|ferme|declare|a fini|fini|sortons|sortent|fermons|ferment|"
            "a tout pose|tout pose|a declare"
        ),
        NOBODY: (
            "personne|pioche epuisee|plus de pioche|blocage|nul|personne n est sorti|"
            "personne n est sortie|personne ne peut jouer|personne ne sort"
        ),
        GIN: "gin|fait gin",
        "one_turn": "en une fois|d un coup|a l aveugle|kalooki|ferme en main|sort d un coup",
        "melds": (
            "pose|posee|combinaisons|sur la table|pose sur la table|poses|posees|a pose|il a pose"
        ),
        "melded": "pose|posee|combinaisons|sur la table|poses|posees|a pose",
        "hands": "en main|main|reste|il reste|garde|dans la main",
        "hand": "en main|main|reste|dans la main",
        "scores": "marque|score|fait",
        "clean": "propres|propre|livres propres|burracos propres|burraco propre|livre propre",
        "dirty": "sales|sale|livres sales|burracos sales|burraco sale|livre sale",
        "wild": "livres de jokers|jokers|joker|sont jokers",
        "red_threes": "trois rouges|trois rouge",
        "rejoin": "revient|rentre|rachete",
        MINUS: "moins",
        DEAL: "donne|manche|trou|trou numero",
        FILLER: (
            "et|puis|avec|a|le|la|les|points|point|pour|de|du|euh|bon|alors|donc|est|en|il|"
            "elle|cartes|carte|contre|personne d autre|personne d autre n a fait sa phase|"
            "c est|c|qui|ont|leur|sa|son|apres|avoir|numero|derniere manche|plus|il a|elle a|"
            "n avait|avait|donc contre"
        ),
        REST: "les autres|tous les autres|le reste",
        EVERYONE: "tout le monde|tous",
        CORRECT: "non|pardon|je veux dire|sorry",
        OR: "ou",
    },
    "es": {
        OUT: (
            "salio|sale|fuera|gano|gana|ganador|toco|toca|golpeo|cerro|cierra|declaro|"
            "ganaron|salieron|salimos|cerramos|cerraron|se quedo sin fichas|quedo sin fichas"
        ),
        NOBODY: (
            "nadie|se acabo el mazo|sin mazo|bloqueo|nulo|nadie salio|nadie toco|"
            "nadie puede jugar|mano nula"
        ),
        GIN: "gin|hizo gin",
        "one_turn": "de una vez|de golpe|a ciegas|kalooki",
        "melds": "bajo|combinaciones|en la mesa|bajadas|bajados|bajaron|bajamos",
        "melded": "bajo|combinaciones|en la mesa|bajados|bajadas|bajaron|bajamos",
        "hands": "en mano|mano|le queda|queda|quedan|le quedan",
        "hand": "en mano|mano|le queda|queda|le quedan|quedan",
        "scores": "marca|hizo|puntua",
        "clean": (
            "limpios|limpio|libros limpios|burracos limpios|canastas limpias|canasta limpia|"
            "burraco limpio|libro limpio|limpias|limpia"
        ),
        "dirty": (
            "sucios|sucio|libros sucios|libro sucio|burracos sucios|sucias|sucia|burraco sucio"
        ),
        "wild": "libros de comodines|comodines|comodin|son comodines",
        "red_threes": "treses rojos|tres rojos|tres rojo",
        "rejoin": "vuelve|reentra|recompra",
        MINUS: "menos",
        DEAL: "reparto|ronda|hoyo",
        FILLER: (
            "y|e|luego|con|tiene|el|la|los|las|puntos|punto|para|de|del|eh|pues|bueno|"
            "entonces|es|en|cartas|carta|a|nadie mas|nadie mas hizo la fase|a ver|le|les|"
            "tambien|al|ver|que|plus|mas|numero"
        ),
        REST: "el resto|los demas|las demas|todos los demas",
        EVERYONE: "todos",
        CORRECT: "perdon|digo|no|quiero decir|sorry",
        OR: "o",
    },
    "pl": {
        OUT: (
            "wyszedl|wyszla|wychodzi|wygral|wygrala|wygrywa|zapukal|zapukala|puka|zamknal|"
            "zamknela|zglosil|zglosila|wychodza|wychodzimy|wyszli|zamkneli|zamykaja|"
            "wylozyla wszystko|wylozyl wszystko"
        ),
        NOBODY: (
            "nikt|skonczyl sie stos|blokada|pusto|nikt nie wyszedl|nikt nie zapukal|"
            "nikt nie moze ruszyc|koniec stosu|rozdanie przepada"
        ),
        GIN: "gin|zrobil gin|zrobila gin|ma gina|gina",
        "one_turn": "w jednym ruchu|naraz|na slepo|kalooki|z reki|zrobil kalooki|zrobila kalooki",
        "melds": "wylozyl|wylozyla|wylozone|na stole|meldunki|wylozyli",
        "melded": "wylozyl|wylozyla|wylozone|na stole|wylozyli|nie wylozyli",
        "hands": "w rece|na rece|reka|zostalo|zostaje",
        "hand": "w rece|na rece|reka|zostalo",
        "scores": "zdobyl|zdobyla|wynik",
        "clean": "czyste|czysta|czyste ksiegi|czyste burraco|czysta ksiega",
        "dirty": "brudne|brudna|brudne ksiegi|brudne burraco|brudna ksiega",
        "wild": "ksiegi dzikich|dzikie",
        "red_threes": "czerwone trojki|czerwona trojka|czerwonych trojek",
        "rejoin": "wraca|wrocil|wrocila|dokupil",
        MINUS: "minus",
        DEAL: "rozdanie|runda|dolek",
        FILLER: (
            "i|a|potem|z|ma|punkty|punktow|punkt|dla|no|yyy|eee|wiec|to|jest|karty|kart|w|"
            "nikt wiecej|nikt wiecej nie zrobil fazy|miala|mial|u|czyli|po|plus|podciecie|"
            "po dolozeniu"
        ),
        REST: "reszta|pozostali|wszyscy inni|pozostali po",
        EVERYONE: "wszyscy",
        CORRECT: "nie|a nie|sorry|znaczy",
        OR: "albo|lub",
    },
    "de": {
        OUT: (
            "ist raus|raus|aus|ging raus|gewinnt|gewonnen|hat gewonnen|klopft|hat geklopft|"
            "geklopft|schliesst|hat geschlossen|sind raus|raus sind|raus ist|gewonnen hat|"
            "hat gezeigt|gezeigt|schliessen|hat alles abgelegt|alles abgelegt"
        ),
        NOBODY: (
            "niemand|keiner|stapel leer|blockiert|blockade|keiner ist raus|niemand ist raus|"
            "keiner kann mehr|niemand kann mehr"
        ),
        GIN: "gin|hat gin",
        "one_turn": (
            "auf einmal|in einem zug|aus der hand|kalooki|hat kalooki gemacht|kalooki gemacht"
        ),
        "melds": "ausgelegt|gelegt|auf dem tisch|meldungen|hat ausgelegt",
        "melded": "ausgelegt|gelegt|auf dem tisch",
        "hands": "auf der hand|in der hand|hand|rest|ubrig|hat noch",
        "hand": "auf der hand|in der hand|hand|rest",
        "scores": "macht|punktet|erzielt",
        "clean": "saubere|sauber|saubere bucher|reine burracos|sauberes|sauberer burraco|sauberer",
        "dirty": (
            "schmutzige|schmutzig|schmutzige bucher|unreine burracos|schmutziges buch|"
            "schmutziger|schmutziges"
        ),
        "wild": "joker bucher|jokerbucher|wild|sind wild",
        "red_threes": "rote dreien|rote drei|roten dreien",
        "rejoin": "kauft sich ein|steigt wieder ein|wieder dabei|zuruck",
        MINUS: "minus",
        DEAL: "runde|spiel|geben|loch",
        FILLER: (
            "und|dann|mit|hat|der|die|das|punkte|punkt|fur|von|ah|also|na|ist|karten|karte|"
            "noch|im|sonst hat keiner|sonst keiner|sonst hat keiner die phase|ihre|haben|"
            "sind|den|dem|nach dem anlegen|unterschnitt|plus|ich|re|grand"
        ),
        REST: "der rest|die anderen|alle anderen|die ubrigen",
        EVERYONE: "alle",
        CORRECT: "nein|ich meine|sorry|korrektur",
        OR: "oder",
    },
    "hi": {
        OUT: (
            "बाहर गया|बाहर गई|बाहर|जीता|जीती|जीत|विजेता|नॉक किया|नॉक|शो किया|शो|बंद किया|"
            "डिक्लेयर किया|सारी टाइलें लगा दीं|ने शो किया"
        ),
        NOBODY: "कोई नहीं|गड्डी खत्म|ब्लॉक|कोई बाहर नहीं गया|कोई नहीं चल सकता",
        GIN: "जिन|gin|का जिन",
        "one_turn": "एक बार में|एक चाल में|कलूकी|कलूकी किया",
        "melds": "मेल्ड|चाल|मेज़ पर|टेबल पर",
        "melded": "मेल्ड|चाल|मेज़ पर|टेबल पर",
        "hands": "हाथ में|हाथ|बचे|बचा|डेडवुड",
        "hand": "हाथ में|हाथ|बचे",
        "scores": "स्कोर|बनाए",
        "clean": "साफ़|साफ़ किताबें|साफ़ बुराको",
        "dirty": "गंदे|गंदी किताबें|गंदे बुराको|गंदी|गंदा|गंदी किताब",
        "wild": "जोकर किताबें|वाइल्ड",
        "red_threes": "लाल तीन|लाल तिक्की",
        "rejoin": "वापस आया|वापस आई|फिर से जुड़ा|वापस",
        MINUS: "माइनस|ऋण",
        DEAL: "डील|राउंड",
        FILLER: "और|के|ने|को|है|था|थी|अंक|पॉइंट|फिर|का|की|तो|में|पर|साथ|पत्ते|दोनों|किया|दीं|गई",
        REST: "बाकी सब|बाकी सबने|बाकी",
        EVERYONE: "सबका|सबने",
        CORRECT: "नहीं नहीं|सॉरी|sorry",
        OR: "या",
    },
}

# The order of meanings where one phrase has several: who went out first, then each
# game's own fields, the fields several games share, and last the words that carry no
# field (a phrase heard both ways is first a game's field).
FIRST = (OUT, NOBODY, GIN)
LAST = (MINUS, DEAL, FILLER, REST, EVERYONE, CORRECT, OR)


def _said(language: str) -> dict[str, str]:
    """Every meaning of ``language``: the shared ones, each game's own words gathered
    from the registry (a meaning two games word adds the second's new phrases)."""
    shared = SAID[language]
    said = {meaning: shared[meaning] for meaning in FIRST}
    for variant in VARIANTS.values():
        for meaning, languages in variant.spoken.items():
            phrases = languages.get(language)
            if phrases is None:
                continue
            known = said.get(meaning, "").split("|") if meaning in said else []
            new = [phrase for phrase in phrases.split("|") if phrase not in known]
            said[meaning] = "|".join([*known, *new])
    for meaning, phrases in shared.items():  # the fields several games share
        if meaning not in said and meaning not in LAST:
            said[meaning] = phrases
    return {**said, **{meaning: shared[meaning] for meaning in LAST}}


def _words() -> dict[str, dict[str, tuple[str, ...]]]:
    return {
        language: {
            meaning: tuple(phrases.split("|"))
            for meaning, phrases in {**_said(language), **card_words(language)}.items()
        }
        for language in SAID
    }


WORDS: dict[str, dict[str, tuple[str, ...]]] = {}
LANGUAGES = tuple(SAID)


def _phrases(language: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    """Folded phrase -> its meanings, in the order of ``WORDS`` ("melded" is ``melds``
    in one game and ``melded`` in another: the game's fields choose)."""
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for meaning, phrases in WORDS[language].items():
        for phrase in phrases:
            key = tuple(word for _, word in words(phrase))
            if meaning not in found.get(key, ()):
                found[key] = (*found.get(key, ()), meaning)
    return found


PHRASES: dict[str, dict[tuple[str, ...], tuple[str, ...]]] = {}
LONGEST: dict[str, int] = {}
_GATHERED: list[tuple[type, ...]] = [()]


def gather() -> None:
    """(Re)build the words from the registry where its games changed since the last
    time (a game registered at run time, as a test's toy game): the tables are
    filled in place, so every module holding them sees the new words."""
    games = tuple(VARIANTS.values())
    if games == _GATHERED[0]:
        return
    WORDS.clear()
    WORDS.update(_words())
    PHRASES.clear()
    PHRASES.update({language: _phrases(language) for language in LANGUAGES})
    LONGEST.clear()
    LONGEST.update({language: max(map(len, PHRASES[language])) for language in LANGUAGES})
    _GATHERED[0] = games


gather()


def for_phones() -> dict:
    """The words and numbers of every language as the page's own reader takes them."""
    gather()
    return {
        "phrases": {
            language: {" ".join(phrase): list(meanings) for phrase, meanings in found.items()}
            for language, found in PHRASES.items()
        },
        "numerals": {
            language: {
                "small": {" ".join(phrase): value for phrase, value in n.small.items()},
                "hundred": sorted(n.hundred),
                "hundreds": n.hundreds,
                "thousand": sorted(n.thousand),
                "connectors": sorted(n.connectors),
                "halves": n.halves,
                "plusHalf": sorted(n.plus_half),
            }
            for language, n in NUMERALS.items()
        },
        "germanParts": GERMAN_PARTS,
        "hesitations": sorted(HESITATIONS),
        # What the page reads back: each meaning's first phrase (``read_back``).
        "spoken": {
            language: {meaning: phrases[0] for meaning, phrases in said.items()}
            for language, said in WORDS.items()
        },
    }
