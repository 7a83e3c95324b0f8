"""What players say at the table, by entry field, in the app's six languages.

Keys are entry-field names (``hands``, ``wrong_show`` ...) as the variants declare
them, so a variant's form and its spoken words meet at the field: a variant with a
new field gets words here by the field's name, and no variant is named. A key
``field.choice`` is one choice of a field (``drops.middle``; ``pozzetto.no``: said
not taken). A few keys are not fields: ``OUT`` (whoever went out, knocked or won: the
entry's player field), ``NOBODY`` (the stock ran out), ``GIN`` (knocked with nothing
left), ``FILLER`` (words that carry nothing), ``MINUS`` (the next number is negative),
``DEAL`` (the next number is the deal's, not a score), ``REST`` (everyone not named
yet), ``EVERYONE``, ``CORRECT`` (the value after it replaces the one before) and
``OR`` (two values, neither chosen). A key the game's variant names among its
``spoken_values`` (``full_count``) is a value said as words.

Each meaning lists its phrases separated by "|"; the first is the one read back
(``read_back``).
"""

from __future__ import annotations

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
        "big_gin": "big gin",
        "rummy": "went rummy|rummy",
        "up_for_two": "up for two|up for 2",
        "concealed": "concealed|went out concealed",
        "one_turn": "in one turn|all at once|blind|went kalooki|kalooki|went out blind",
        "no_joker": "no joker|without a joker|without jokers",
        "melds": "melded|melds|meld|on the table|laid down|down",
        "melded": "melded|melds|meld|on the table|laid down",
        "hands": "in hand|hand|left|holds|held|deadwood|stuck with",
        "hand": "in hand|hand|left|holds|held",
        "racks": "on the rack|rack|left|holds",
        "scores": "scored|scores|score",
        "natural": (
            "naturals|natural|natural canastas|natural canasta|clean canastas|clean canasta|"
            "red canastas|red canasta"
        ),
        "mixed": (
            "mixed|mixed canastas|mixed canasta|dirty canastas|dirty canasta|black canastas|"
            "black canasta"
        ),
        "clean": "clean|clean books|clean book|clean burracos|clean burraco",
        "dirty": "dirty|dirty books|dirty book|dirty burracos|dirty burraco",
        "semi_clean": "semi clean|semi clean burracos|semi clean burraco",
        "wild": "wild books|wild book|wild",
        "upcard": "upcard|up card|the upcard",
        "sevens": "books of sevens|book of sevens|sevens",
        "red_threes": "red threes|red three|red 3s|red 3",
        "red_threes_held": "red threes held|red threes in hand|red three held",
        "press_points": "press points|press|took",
        "wrong_show": "wrong show|wrongly declared|wrong declaration|false show",
        "completed": (
            "phase done|made the phase|made phase|made their phase|phase complete|completed|made it"
        ),
        "rejoin": "rejoins|rejoined|rejoin|buys back in|back in",
        "not_opened": "not opened|had not opened|never opened|not down",
        "pozzetto": "took the pozzetto|pozzetto|took the foot",
        "drops.middle": "middle drop|middle dropped|dropped in the middle",
        "drops.first": "drop|dropped|first drop|dropped first",
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
        "pozzetto.no": (
            "no pozzetto|without the pozzetto|did not take the pozzetto|didn t take the pozzetto"
        ),
        "full_count": "full count",
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
        "big_gin": "gros gin|grand gin|big gin",
        "rummy": "rami|rummy|a fait rami|fait rami",
        "up_for_two": "monte pour deux",
        "concealed": "main cachee|cache|en une fois|ferme en main|en main cachee",
        "one_turn": "en une fois|d un coup|a l aveugle|kalooki|ferme en main|sort d un coup",
        "no_joker": "sans joker",
        "melds": (
            "pose|posee|combinaisons|sur la table|pose sur la table|poses|posees|a pose|il a pose"
        ),
        "melded": "pose|posee|combinaisons|sur la table|poses|posees|a pose",
        "hands": "en main|main|reste|il reste|garde|dans la main",
        "hand": "en main|main|reste|dans la main",
        "racks": "sur le chevalet|chevalet|reste|chevalets",
        "scores": "marque|score|fait",
        "natural": "naturelles|naturelle|canastas naturelles|canasta naturelle|propres|pures",
        "mixed": "mixtes|mixte|canastas mixtes|canasta mixte|sales",
        "clean": "propres|propre|livres propres|burracos propres|burraco propre|livre propre",
        "dirty": "sales|sale|livres sales|burracos sales|burraco sale|livre sale",
        "semi_clean": "semi propres|semi propre",
        "wild": "livres de jokers|jokers|joker|sont jokers",
        "upcard": "carte retournee|carte visible",
        "sevens": "livres de sept|sept",
        "red_threes": "trois rouges|trois rouge",
        "red_threes_held": "trois rouges en main|trois rouge en main",
        "press_points": "points de presse|presse|prend",
        "wrong_show": "mauvais show|fausse declaration|mauvaise declaration",
        "completed": "phase faite|a fait sa phase|phase reussie|phase|ont fait leur phase",
        "rejoin": "revient|rentre|rachete",
        "not_opened": "pas ouvert|n a pas ouvert|pas pose|n avait pas ouvert",
        "pozzetto": (
            "a pris le pozzetto|pozzetto|le mort|pozzetto pris|avec le pozzetto|pris le pozzetto"
        ),
        "drops.middle": "abandon au milieu|abandonne au milieu",
        "drops.first": "abandon|abandonne|passe",
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
        "pozzetto.no": "pas de pozzetto|sans pozzetto|sans le pozzetto",
        "full_count": "compte plein|full count",
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
        "big_gin": "gin grande|big gin",
        "rummy": "rummy|hizo rummy|rummy de mano|hizo rummy de mano",
        "up_for_two": "subio por dos",
        "concealed": "oculta|de golpe|mano oculta",
        "one_turn": "de una vez|de golpe|a ciegas|kalooki",
        "no_joker": "sin comodin",
        "melds": "bajo|combinaciones|en la mesa|bajadas|bajados|bajaron|bajamos",
        "melded": "bajo|combinaciones|en la mesa|bajados|bajadas|bajaron|bajamos",
        "hands": "en mano|mano|le queda|queda|quedan|le quedan",
        "hand": "en mano|mano|le queda|queda|le quedan|quedan",
        "racks": "en el atril|atril|le queda|queda|le quedan|quedan|atriles",
        "scores": "marca|hizo|puntua",
        "natural": (
            "naturales|natural|canastas naturales|limpias|limpia|canasta limpia|canastas limpias"
        ),
        "mixed": "mixtas|mixta|canastas mixtas|sucias|sucia|canasta sucia|canastas sucias",
        "clean": (
            "limpios|limpio|libros limpios|burracos limpios|canastas limpias|canasta limpia|"
            "burraco limpio|libro limpio|limpias|limpia"
        ),
        "dirty": (
            "sucios|sucio|libros sucios|libro sucio|burracos sucios|sucias|sucia|burraco sucio"
        ),
        "semi_clean": "semilimpios|semilimpio|semi limpio",
        "wild": "libros de comodines|comodines|comodin|son comodines",
        "upcard": "carta volteada|carta vuelta",
        "sevens": "libros de sietes|sietes",
        "red_threes": "treses rojos|tres rojos|tres rojo",
        "red_threes_held": "treses rojos en mano|tres rojo en mano|tres rojos en mano",
        "press_points": "puntos de presion|presion|toma",
        "wrong_show": "show incorrecto|mala declaracion|declaracion falsa",
        "completed": "fase hecha|hizo la fase|completo la fase|fase|hicieron la fase",
        "rejoin": "vuelve|reentra|recompra",
        "not_opened": "no abrio|sin abrir|no bajo|no abrieron",
        "pozzetto": (
            "tomo el muerto|pozzetto|muerto|con el muerto|tomaron el muerto|muerto tomado|"
            "tomamos el muerto"
        ),
        "drops.middle": "abandono en medio|se retiro en medio|abandono medio",
        "drops.first": "abandono|se retiro|se retira|paso",
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
        "pozzetto.no": "sin muerto|sin el muerto|no tomaron el muerto|no tomo el muerto",
        "full_count": "cuenta completa|full count",
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
        "big_gin": "duzy gin|big gin",
        "rummy": (
            "remik|rummy|zrobil remika|zrobila remika|remika|remik z reki|remika z reki|"
            "zrobil remika z reki"
        ),
        "up_for_two": "za dwa",
        "concealed": "zakryta|naraz|w jednym ruchu|z reki|wyszedl z reki|wyszla z reki",
        "one_turn": "w jednym ruchu|naraz|na slepo|kalooki|z reki|zrobil kalooki|zrobila kalooki",
        "no_joker": "bez jokera",
        "melds": "wylozyl|wylozyla|wylozone|na stole|meldunki|wylozyli",
        "melded": "wylozyl|wylozyla|wylozone|na stole|wylozyli|nie wylozyli",
        "hands": "w rece|na rece|reka|zostalo|zostaje",
        "hand": "w rece|na rece|reka|zostalo",
        "racks": "na stojaku|stojak|zostalo|na stojakach",
        "scores": "zdobyl|zdobyla|wynik",
        "natural": "naturalne|naturalna|czyste canasty|czyste|czysta|czystych",
        "mixed": "mieszane|mieszana|brudne canasty|brudne|brudna",
        "clean": "czyste|czysta|czyste ksiegi|czyste burraco|czysta ksiega",
        "dirty": "brudne|brudna|brudne ksiegi|brudne burraco|brudna ksiega",
        "semi_clean": "polczyste|polczysta",
        "wild": "ksiegi dzikich|dzikie",
        "upcard": "odkryta karta|karta odkryta",
        "sevens": "ksiegi siodemek|siodemki",
        "red_threes": "czerwone trojki|czerwona trojka|czerwonych trojek",
        "red_threes_held": "czerwone trojki w rece|czerwona trojka w rece",
        "press_points": "punkty docisku|docisk|bierze",
        "wrong_show": "zly show|bledna deklaracja|zle zglosil|zla deklaracja",
        "completed": (
            "faza zrobiona|zrobil faze|zrobila faze|faza|zrobili faze|faze zrobila|faze zrobil"
        ),
        "rejoin": "wraca|wrocil|wrocila|dokupil",
        "not_opened": "nie otworzyl|nie otworzyla|nie wylozyl|nie otworzyli",
        "pozzetto": "wzial pozzetto|wziela pozzetto|pozzetto|z pozzetto|wzieli pozzetto",
        "drops.middle": "pas w srodku|spasowal w srodku|pas srodkowy",
        "drops.first": "pas|spasowal|spasowala",
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
        "pozzetto.no": "bez pozzetto|nie wzieli pozzetto",
        "full_count": "pelna liczba|full count",
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
        "big_gin": "grosser gin|big gin",
        "rummy": "rommee|rummy|hand rommee|hand romme|romme",
        "up_for_two": "fur zwei",
        "concealed": "verdeckt|auf einmal|aus der hand|ist verdeckt raus",
        "one_turn": (
            "auf einmal|in einem zug|aus der hand|kalooki|hat kalooki gemacht|kalooki gemacht"
        ),
        "no_joker": "ohne joker",
        "melds": "ausgelegt|gelegt|auf dem tisch|meldungen|hat ausgelegt",
        "melded": "ausgelegt|gelegt|auf dem tisch",
        "hands": "auf der hand|in der hand|hand|rest|ubrig|hat noch",
        "hand": "auf der hand|in der hand|hand|rest",
        "racks": "auf dem bankchen|bankchen|ubrig|rest",
        "scores": "macht|punktet|erzielt",
        "natural": "naturliche|naturlich|reine canastas|reine|rein",
        "mixed": "gemischte|gemischt|unreine canastas|unreine",
        "clean": "saubere|sauber|saubere bucher|reine burracos|sauberes|sauberer burraco|sauberer",
        "dirty": (
            "schmutzige|schmutzig|schmutzige bucher|unreine burracos|schmutziges buch|"
            "schmutziger|schmutziges"
        ),
        "semi_clean": "halbsaubere|halbsauber",
        "wild": "joker bucher|jokerbucher|wild|sind wild",
        "upcard": "aufgedeckt|aufgedeckt ist|aufgedeckte karte",
        "sevens": "siebener bucher|siebenerbucher",
        "red_threes": "rote dreien|rote drei|roten dreien",
        "red_threes_held": "rote dreien auf der hand|rote drei auf der hand",
        "press_points": "presspunkte|press|nimmt",
        "wrong_show": "falscher show|falsch gemeldet|falsche meldung",
        "completed": (
            "phase geschafft|phase fertig|hat die phase|phase|haben ihre phase|"
            "haben die phase geschafft|die phase geschafft"
        ),
        "rejoin": "kauft sich ein|steigt wieder ein|wieder dabei|zuruck",
        "not_opened": "nicht eroffnet|nicht ausgelegt|hat nicht eroffnet",
        "pozzetto": "pozzetto genommen|pozzetto|hat den pozzetto|mit pozzetto",
        "drops.middle": "mittlerer ausstieg|steigt mittendrin aus|mitte aus",
        "drops.first": "steigt aus|ausstieg|passt",
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
        "pozzetto.no": "kein pozzetto|ohne pozzetto",
        "full_count": "volle zahlung|full count",
    },
    "hi": {
        OUT: (
            "बाहर गया|बाहर गई|बाहर|जीता|जीती|जीत|विजेता|नॉक किया|नॉक|शो किया|शो|बंद किया|"
            "डिक्लेयर किया|सारी टाइलें लगा दीं|ने शो किया"
        ),
        NOBODY: "कोई नहीं|गड्डी खत्म|ब्लॉक|कोई बाहर नहीं गया|कोई नहीं चल सकता",
        GIN: "जिन|gin|का जिन",
        "big_gin": "बिग जिन|बड़ा जिन",
        "rummy": "रमी|रमी की",
        "up_for_two": "दो के लिए|दो के लिए गई|दो के लिए गया",
        "concealed": "छिपा|एक बार में|छिपा हाथ",
        "one_turn": "एक बार में|एक चाल में|कलूकी|कलूकी किया",
        "no_joker": "बिना जोकर",
        "melds": "मेल्ड|चाल|मेज़ पर|टेबल पर",
        "melded": "मेल्ड|चाल|मेज़ पर|टेबल पर",
        "hands": "हाथ में|हाथ|बचे|बचा|डेडवुड",
        "hand": "हाथ में|हाथ|बचे",
        "racks": "रैक पर|रैक|बचे",
        "scores": "स्कोर|बनाए",
        "natural": "नेचुरल|साफ़ कनास्टा|साफ़",
        "mixed": "मिक्स्ड|मिश्रित|गंदे कनास्टा",
        "clean": "साफ़|साफ़ किताबें|साफ़ बुराको",
        "dirty": "गंदे|गंदी किताबें|गंदे बुराको|गंदी|गंदा|गंदी किताब",
        "semi_clean": "अर्ध साफ़",
        "wild": "जोकर किताबें|वाइल्ड",
        "upcard": "अपकार्ड|खुला पत्ता",
        "sevens": "सात की किताबें",
        "red_threes": "लाल तीन|लाल तिक्की",
        "red_threes_held": "हाथ में लाल तीन",
        "press_points": "प्रेस अंक|प्रेस",
        "wrong_show": "गलत शो|ग़लत शो|गलत डिक्लेयर|गलत डिक्लेयर किया",
        "completed": "फेज़ पूरा|फेज़ किया|चरण पूरा|फेज़|का फेज़ पूरा",
        "rejoin": "वापस आया|वापस आई|फिर से जुड़ा|वापस",
        "not_opened": "नहीं खोला|नहीं उतारा",
        "pozzetto": "पोज़ेट्टो लिया|पोज़ेट्टो",
        "drops.middle": "मिडिल ड्रॉप|बीच में ड्रॉप",
        "drops.first": "ड्रॉप|फर्स्ट ड्रॉप|पहला ड्रॉप|ड्रॉप किया",
        MINUS: "माइनस|ऋण",
        DEAL: "डील|राउंड",
        FILLER: "और|के|ने|को|है|था|थी|अंक|पॉइंट|फिर|का|की|तो|में|पर|साथ|पत्ते|दोनों|किया|दीं|गई",
        REST: "बाकी सब|बाकी सबने|बाकी",
        EVERYONE: "सबका|सबने",
        CORRECT: "नहीं नहीं|सॉरी|sorry",
        OR: "या",
        "pozzetto.no": "पोज़ेट्टो नहीं लिया|पोज़ेट्टो नहीं",
        "full_count": "फुल काउंट|full count",
    },
}

WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    language: {
        meaning: tuple(phrases.split("|"))
        for meaning, phrases in {**said, **card_words(language)}.items()
    }
    for language, said in SAID.items()
}
LANGUAGES = tuple(WORDS)


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


PHRASES = {language: _phrases(language) for language in LANGUAGES}
LONGEST = {language: max(map(len, PHRASES[language])) for language in LANGUAGES}


def for_phones() -> dict:
    """The words and numbers of every language as the page's own reader takes them."""
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
