"""Names in the order a reader of the language looks for them (the pack's name index).

ICU's collator for the language (CLDR's tailorings of the Unicode collation
algorithm): Polish ą, ć, ę, ł, ń, ó, ś, ź, ż as letters of their own after their base
letters, Spanish ñ after n, German and French ä, é ... as a, e with an accent, Hindi
in the order of the Devanagari alphabet (vowels, then consonants, a consonant's
vowel signs after it). Input typed decomposed (an e and a combining acute) sorts as
the composed letter does.
"""

from __future__ import annotations

import threading

import icu

# An ICU collator is not safe to use from two threads at once. One per thread and
# locale, made on first use (about a millisecond), rather than one behind a lock: the
# threads that render packs at once never wait on each other's sorting.
_collators = threading.local()


def collator(locale: str = "en") -> icu.Collator:
    """This thread's collator for ``locale`` (``pl_PL``, ``pl-PL``, ``hi``)."""
    name = locale.replace("-", "_")
    made = getattr(_collators, "by_locale", None)
    if made is None:
        made = _collators.by_locale = {}
    if name not in made:
        found = icu.Collator.createInstance(icu.Locale(name))
        found.setAttribute(icu.UCollAttribute.NORMALIZATION_MODE, icu.UCollAttributeValue.ON)
        made[name] = found
    return made[name]


def sort_key(text: str, locale: str = "en") -> bytes:
    """The key that orders ``text`` as ``locale``'s readers do: letters, then accents,
    then case (lower first)."""
    return collator(locale).getSortKey(text)


def collated(texts, locale: str = "en", key=None) -> list:
    """``texts`` sorted by ``locale``'s collation (``key`` picks the text of an item)."""
    pick = key or (lambda item: item)
    return sorted(texts, key=lambda item: sort_key(pick(item), locale))
