"""Synthetic documents whose entity spans are known by construction.

Templates use ``{slot}`` placeholders (filled by a generator of a given type) and
``[literal text|TYPE]`` for fixed entity text.  Document kinds: court decisions (ECHR style),
social-services case notes, medical letters, HR records, e-mails and Wikipedia-style
biographies.  Identities come from Faker in several locales; typed phrases for DEM, MISC, ORG,
LOC, DATETIME and QUANTITY are also drawn from ``wiki_train_spans.csv`` (spans only, no text).
"""

from __future__ import annotations

import csv
import random
import re
import zlib
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from common import Span
from faker import Faker

LOCALES = ["en_GB", "en_US", "no_NO", "da_DK", "de_DE", "fr_FR", "sv_SE", "tr_TR", "pl_PL",
           "it_IT", "nl_NL"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
NUMWORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "fifteen", "twenty"]
NATIONS = [("British", "United Kingdom"), ("Turkish", "Turkey"), ("Swedish", "Sweden"),
           ("Norwegian", "Norway"), ("Danish", "Denmark"), ("German", "Germany"),
           ("French", "France"), ("Polish", "Poland"), ("Italian", "Italy"), ("Dutch", "Netherlands"),
           ("Nigerian", "Nigeria"), ("Russian", "Russia"), ("Romanian", "Romania"),
           ("Bulgarian", "Bulgaria"), ("Ukrainian", "Ukraine"), ("Greek", "Greece"),
           ("Finnish", "Finland"), ("Austrian", "Austria"), ("Somali", "Somalia"),
           ("Iraqi", "Iraq"), ("Syrian", "Syria"), ("Moldovan", "Moldova"), ("Croatian", "Croatia"),
           ("Hungarian", "Hungary"), ("Portuguese", "Portugal"), ("Spanish", "Spain"),
           ("Irish", "Ireland"), ("American", "United States"), ("Pakistani", "Pakistan"),
           ("Afghan", "Afghanistan"), ("Eritrean", "Eritrea"), ("Lithuanian", "Lithuania")]
RELATIONS = ["son", "daughter", "wife", "husband", "mother", "father", "brother", "sister",
             "partner", "grandmother", "uncle", "cousin", "stepfather", "widow", "nephew"]
DEM_MISC = ["woman", "man", "pensioner", "single mother", "unemployed", "student", "Muslim",
            "Kurdish", "Roma", "Jehovah's Witness", "homosexual", "Catholic", "Sunni", "asylum seeker",
            "refugee", "retired", "disabled", "wheelchair user", "prisoner", "conscript"]
JOBS = ["lawyer", "teacher", "nurse", "police officer", "psychiatrist", "journalist", "doctor",
        "social worker", "judge", "prosecutor", "engineer", "farmer", "soldier", "accountant",
        "lorry driver", "shop assistant", "civil servant", "company director", "mechanic",
        "cleaner", "carpenter", "taxi driver", "electrician", "pharmacist", "priest", "chef",
        "software developer", "bank clerk", "headmaster", "security guard", "midwife"]
OFFENCES = ["murder", "manslaughter", "fraud", "tax evasion", "drug trafficking", "assault",
            "aggravated burglary", "theft", "rape", "membership of an illegal organisation",
            "money laundering", "forgery", "arson", "robbery", "dangerous driving",
            "possession of heroin", "possession of Class A drugs", "sexual abuse of a minor",
            "blackmail", "smuggling", "terrorism offences", "contempt of court", "bribery",
            "life imprisonment", "attempted suicide", "domestic violence"]
HEALTH = ["schizophrenia", "diabetes", "depression", "post-traumatic stress disorder",
          "multiple sclerosis", "HIV", "hepatitis C", "epilepsy", "a brain injury", "cancer",
          "tuberculosis", "a heart condition", "bipolar disorder", "asthma", "a broken arm",
          "alcohol dependence", "anorexia", "chronic back pain", "dementia", "a stroke",
          "autism spectrum disorder", "severe pain condition", "pneumonia", "COVID-19"]
LAWS = ["Social Insurance Act", "Children Act 1989", "Criminal Code", "Mental Health Act 1983",
        "Prevention of Terrorism Act", "Code of Criminal Procedure", "Aliens Act",
        "Child Welfare Act", "Data Protection Act 2018", "Police Act", "Immigration Act 1971",
        "Law no. 3713", "Article 312 of the Criminal Code", "Social Services Act",
        "Working Environment Act", "Health and Safety at Work Act", "Patient Rights Act"]
BENEFITS = ["disability allowance", "child benefit", "widow's pension", "housing benefit",
            "sickness benefits", "unemployment benefit", "social assistance", "legal aid",
            "foster care", "in-patient treatment", "early retirement pension"]
COURT_ORGS = ["Court of Appeal", "Supreme Court", "High Court", "Constitutional Court",
              "Court of Cassation", "Supreme Administrative Court", "Crown Prosecution Service",
              "Ministry of Justice", "Ministry of the Interior", "Home Office", "Parole Board",
              "Foreign and Commonwealth Office", "Government", "Prosecutor's Office",
              "Immigration Appeals Board", "Social Insurance Office", "Tax Authority",
              "Legal Aid Board", "Bar Association", "County Administrative Board"]
CURRENCIES = ["GBP", "EUR", "DKK", "NOK", "SEK", "USD", "TRY", "PLN", "CHF"]


def _load_phrases(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    if not path.exists():
        return out
    with open(path, encoding="utf-8") as f:
        for r in csv.DictReader(f):
            t = r["semantic_type"]
            s = r["span_text"].strip()
            if 1 < len(s) <= 60 and "\n" not in s:
                out[t].append(s)
    return out


class Gen:
    def __init__(self, seed: int, phrases: dict[str, list[str]]):
        self.r = random.Random(seed)
        self.fakers = {}
        for loc in LOCALES:
            f = Faker(loc)
            f.seed_instance(seed + zlib.crc32(loc.encode()) % 1000)
            self.fakers[loc] = f
        self.ph = phrases
        self.f = self.fakers["en_GB"]
        self.persons: list[str] = []

    def new_locale(self) -> None:
        self.f = self.fakers[self.r.choice(LOCALES)]
        self.persons = []

    # -- generators ---------------------------------------------------------------------------
    def person(self) -> str:
        r = self.r
        if self.persons and r.random() < 0.35:
            full = r.choice(self.persons)
            last = full.split()[-1]
            return r.choice([last, f"Mr {last}", f"Ms {last}", f"Mrs {last}", full])
        first, last = self.f.first_name(), self.f.last_name()
        self.persons.append(f"{first} {last}")
        x = r.random()
        if x < 0.3:
            return f"{first} {last}"
        if x < 0.5:
            return f"{r.choice(['Mr', 'Mrs', 'Ms', 'Dr', 'Judge', 'Professor'])} {first} {last}"
        if x < 0.65:
            return f"{r.choice(['Mr', 'Mrs', 'Ms'])} {first[0]}. {last}"
        if x < 0.75:
            return f"{first[0]}.{last[0]}."
        if x < 0.85:
            return f"{r.choice(['Mr', 'Ms', 'Mrs'])} {first[0]}.{last[0]}."
        return f"{first} {self.f.last_name()} {last}" if r.random() < 0.5 else last

    def year(self) -> str:
        return str(self.r.randint(1925, 2024))

    def date(self) -> str:
        r = self.r
        d, m, y = r.randint(1, 28), r.randint(1, 12), r.randint(1930, 2024)
        x = r.random()
        if x < 0.45:
            return f"{d} {MONTHS[m - 1]} {y}"
        if x < 0.55:
            return f"{MONTHS[m - 1]} {d}, {y}"
        if x < 0.65:
            return f"{d:02d}.{m:02d}.{y}"
        if x < 0.72:
            return f"{y}-{m:02d}-{d:02d}"
        if x < 0.78:
            return f"{d}/{m}/{y}"
        if x < 0.86:
            return f"{MONTHS[m - 1]} {y}"
        if x < 0.92:
            return str(y)
        return f"{d} {MONTHS[m - 1][:3]} {y}"

    def duration(self) -> str:
        r = self.r
        n = r.choice(NUMWORDS[:12] + [str(r.randint(2, 30))])
        return r.choice([f"{n} years", f"{n} months", f"{n} weeks", f"{n} days",
                         f"{n}-year", f"{n} hours", f"{r.choice(['1980s', '1990s', '2000s', '1970s'])}",
                         "the following day", "the same day", "the next morning",
                         f"{r.randint(1, 12)}.{r.choice(['00', '15', '30', '45'])} {r.choice(['a.m.', 'p.m.'])}",
                         f"{r.randint(7, 22):02d}:{r.choice(['00', '15', '30', '45'])}", "summer of " + self.year()])

    def code(self) -> str:
        r, f = self.r, self.f
        x = r.random()
        if x < 0.3:
            return f"{r.randint(1000, 79999)}/{r.randint(90, 120) % 100:02d}"
        if x < 0.4:
            return f"{r.randint(10, 99)}/{r.randint(1990, 1999)}/{r.randint(100, 999)}/{r.randint(100, 999)}"
        if x < 0.55:
            return f.ssn()
        if x < 0.65:
            return f.phone_number()
        if x < 0.72:
            return f.iban() if hasattr(f, "iban") else f.bban()
        if x < 0.8:
            return f.email()
        if x < 0.88:
            return f"{r.choice(['SS', 'HR', 'CASE', 'REF', 'MED', 'P'])}-{r.randint(2000, 2024)}-{r.randint(1000, 99999)}"
        if x < 0.94:
            return f.license_plate()
        return f"{r.randint(100, 999)} {r.randint(100, 999)} {r.randint(1000, 9999)}"

    def loc(self) -> str:
        r, f = self.r, self.f
        x = r.random()
        if x < 0.4:
            return f.city()
        if x < 0.6:
            return r.choice(NATIONS)[1]
        if x < 0.75:
            return f"{f.street_address()}, {f.city()}"
        if x < 0.85:
            return f"{f.city()}, {r.choice(NATIONS)[1]}"
        if self.ph.get("LOC"):
            return r.choice(self.ph["LOC"])
        return f.city()

    def org(self) -> str:
        r, f = self.r, self.f
        x = r.random()
        city = f.city()
        if x < 0.25:
            return f.company()
        if x < 0.45:
            return r.choice([f"{city} District Court", f"{city} City Court", f"{city} Court of Appeal",
                             f"{city} State Security Court", f"{city} Administrative Court",
                             f"{city} Crown Court", f"{city} Magistrates' Court"])
        if x < 0.6:
            return r.choice(COURT_ORGS)
        if x < 0.75:
            return r.choice([f"{city} University Hospital", f"{city} Municipality",
                             f"{city} Social Services", f"{city} Police", f"{city} County Council",
                             f"University of {city}", f"{city} Prison", f"{city} Child Welfare Service"])
        if x < 0.85:
            return f"{r.choice(NATIONS)[0]} Government"
        if self.ph.get("ORG"):
            return r.choice(self.ph["ORG"])
        return f.company()

    def nat(self) -> str:
        return self.r.choice(NATIONS)[0]

    def dem(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.2:
            return f"{self.nat()} national"
        if x < 0.3:
            return self.nat()
        if x < 0.5:
            return r.choice(JOBS)
        if x < 0.6:
            return r.choice(RELATIONS)
        if x < 0.7:
            return r.choice([f"aged {r.randint(16, 90)}", f"{r.randint(16, 90)}-year-old",
                             f"age of {r.randint(16, 90)}", f"{r.randint(16, 90)} years old"])
        if x < 0.8:
            return r.choice(DEM_MISC)
        if self.ph.get("DEM"):
            return r.choice(self.ph["DEM"])
        return r.choice(JOBS)

    def misc(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.25:
            return r.choice(OFFENCES)
        if x < 0.45:
            return r.choice(HEALTH)
        if x < 0.55:
            return r.choice(LAWS)
        if x < 0.65:
            return r.choice(BENEFITS)
        if self.ph.get("MISC"):
            return r.choice(self.ph["MISC"])
        return r.choice(OFFENCES)

    def qty(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.35:
            return f"{r.choice(CURRENCIES)} {r.randint(1, 999)},{r.randint(0, 999):03d}"
        if x < 0.5:
            return f"{r.choice(NUMWORDS)} {r.choice(['counts', 'children', 'witnesses', 'letters', 'officers', 'judges', 'prisoners', 'people'])}"
        if x < 0.6:
            return f"{r.randint(2, 95)}%"
        if x < 0.7:
            return f"{r.randint(2, 500)} {r.choice(['kg', 'km', 'metres', 'square metres', 'hectares'])}"
        if x < 0.8:
            return r.choice(NUMWORDS)
        if self.ph.get("QUANTITY"):
            return r.choice(self.ph["QUANTITY"])
        return str(r.randint(2, 5000))

    def wiki(self, t: str) -> str:
        lst = self.ph.get(t)
        return self.r.choice(lst) if lst else {"DEM": self.dem, "MISC": self.misc, "ORG": self.org, "LOC": self.loc}[t]()

    def slots(self) -> dict[str, tuple[Callable[[], str], str | None]]:
        f = self.f
        return {
            "person": (self.person, "PERSON"),
            "date": (self.date, "DATETIME"),
            "year": (self.year, "DATETIME"),
            "dur": (self.duration, "DATETIME"),
            "code": (self.code, "CODE"),
            "appno": (lambda: f"{self.r.randint(1000, 79999)}/{self.r.randint(0, 99):02d}", "CODE"),
            "phone": (f.phone_number, "CODE"),
            "email": (f.email, "CODE"),
            "id": (f.ssn, "CODE"),
            "loc": (self.loc, "LOC"),
            "city": (f.city, "LOC"),
            "country": (lambda: self.r.choice(NATIONS)[1], "LOC"),
            "state": (lambda: self.r.choice(["Kingdom of ", "Republic of "]) + self.r.choice(NATIONS)[1], "ORG"),
            "address": (lambda: f"{f.street_address()}, {f.postcode()} {f.city()}", "LOC"),
            "org": (self.org, "ORG"),
            "company": (f.company, "ORG"),
            "court": (lambda: self.r.choice(COURT_ORGS), "ORG"),
            "dem": (self.dem, "DEM"),
            "nat": (self.nat, "DEM"),
            "natl": (lambda: f"{self.nat()} national", "DEM"),
            "job": (lambda: self.r.choice(JOBS), "DEM"),
            "rel": (lambda: self.r.choice(RELATIONS), "DEM"),
            "age": (lambda: f"aged {self.r.randint(16, 90)}", "DEM"),
            "wdem": (lambda: self.wiki("DEM"), "DEM"),
            "misc": (self.misc, "MISC"),
            "offence": (lambda: self.r.choice(OFFENCES), "MISC"),
            "health": (lambda: self.r.choice(HEALTH), "MISC"),
            "law": (lambda: self.r.choice(LAWS), "MISC"),
            "benefit": (lambda: self.r.choice(BENEFITS), "MISC"),
            "wmisc": (lambda: self.wiki("MISC"), "MISC"),
            "worg": (lambda: self.wiki("ORG"), "ORG"),
            "wloc": (lambda: self.wiki("LOC"), "LOC"),
            "qty": (self.qty, "QUANTITY"),
            "num": (lambda: self.r.choice(NUMWORDS), "QUANTITY"),
            "money": (lambda: f"{self.r.choice(CURRENCIES)} {self.r.randint(1, 999)},{self.r.randint(0, 999):03d}", "QUANTITY"),
            "first": (f.first_name, "PERSON"),
            "nbr": (lambda: str(self.r.randint(2, 40)), None),
        }


TOKEN_RE = re.compile(r"\{(\w+)\}|\[([^\]|]+)\|([A-Z]+)\]")


def render(template: str, slots: dict) -> tuple[str, list[Span]]:
    out: list[str] = []
    spans: list[Span] = []
    pos = 0
    n = 0
    for m in TOKEN_RE.finditer(template):
        lit = template[pos : m.start()]
        out.append(lit)
        n += len(lit)
        if m.group(1):
            fn, typ = slots[m.group(1)]
            val = fn()
        else:
            val, typ = m.group(2), m.group(3)
        out.append(val)
        if typ:
            spans.append((n, n + len(val), typ))
        n += len(val)
        pos = m.end()
    out.append(template[pos:])
    return "".join(out), spans


COURT = [
    "PROCEDURE\n\nThe case originated in an application (no. {appno}) against the {state} lodged with the Court under Article 34 of the Convention by a {natl}, {person} (“the applicant”), on {date}.",
    "The applicant was represented by {person}, a {job} practising in {city}. The {nat} Government (“the Government”) were represented by their Agent, {person}, of the {court}.",
    "On {date} the application was communicated to the Government. The applicant was born in {year} and lives in {city}.",
    "THE CIRCUMSTANCES OF THE CASE\n\nThe applicant, a {job} by profession, was arrested on {date} on suspicion of {offence}. He was taken to the {org} where he was held for {dur}.",
    "On {date} the {org} convicted the applicant of {offence} and sentenced him to {dur} of imprisonment. The applicant appealed to the {court}, which dismissed the appeal on {date}.",
    "The applicant's {rel}, {person}, who was {age} at the time, submitted that she had been questioned by two police officers, {person} and {person}, at {address}.",
    "In a medical report of {date}, Dr {person} noted that the applicant suffered from {health} and had lost {qty}.",
    "Under section {nbr} of the {law}, a person who is convicted of {offence} may be ordered to pay compensation. The applicant was ordered to pay {money}.",
    "The applicant and {num} co-accused were charged with {offence}. The trial before the {org} started on {date} and ended {dur} later.",
    "The applicant, who is {wdem}, complained that the {org} had refused him {benefit} between {date} and {date}.",
    "In a judgment of {date} (case no. {code}) the {court} held that the decision of the {org} was lawful.",
    "The hearing took place in public in the Human Rights Building, Strasbourg, on {date}. There appeared before the Court: (a) for the Government {person}, Agent, {person}, Counsel; (b) for the applicant {person}, Counsel.",
    "The applicant's wife, a {natl}, gave birth to their {num} children in {city} in {year}. In {year} the family moved to {loc}.",
    "The Chamber was composed of the following judges: {person}, President, {person}, {person}, {person}, and also of {person}, Section Registrar.",
    "According to the applicant, on {date} at about {dur} he was stopped by officers of the {org} near {loc} and beaten. He was later diagnosed with {health}.",
    "The applicant received {benefit} of {money} per month from {year}. By a decision of {date} the {org} reduced the amount by {qty}.",
]
SOCIAL = [
    "CASE NOTE – {org}\nCase number: {code}\nClient: {person}, born {date} ({id})\nAddress: {address}\nTelephone: {phone}",
    "Home visit on {date} by social worker {person}. {first} lives with her {rel} and {num} children in a rented flat in {city}.",
    "The client is a {natl} who arrived in {country} in {year}. She works as a {job} at {company} but has been on sick leave for {dur} because of {health}.",
    "The school ({org}) reported concerns on {date}. The eldest child, {first}, is {age}. The mother's partner, {person}, has a conviction for {offence}.",
    "A meeting was held at {org} on {date} with {person} (case worker) and {person} ({job}). The family receives {benefit} of {money}.",
    "Follow-up: next review {date}. Contact {person} on {phone} or {email}.",
]
MEDICAL = [
    "{org}\nDepartment of Psychiatry\n{address}\n\n{date}\n\nRe: {person}, date of birth {date}, patient no. {code}",
    "Dear Dr {first},\n\nI saw your patient, a {age} {job}, in clinic on {date}. She has a history of {health} since {year} and was admitted to {org} for {dur}.",
    "She lives with her {rel} in {city}. She drinks about {qty} per week and smokes. Her {rel} suffers from {health}.",
    "Blood pressure was {nbr}0/{nbr}0 and weight {qty}. I have started her on treatment and will review her on {date}.",
    "Yours sincerely,\n\n{person}\nConsultant {job}\nTel. {phone}",
]
HR = [
    "PERSONNEL RECORD – {company}\nEmployee: {person}\nEmployee ID: {code}\nNational insurance number: {id}\nStart date: {date}",
    "{person} ({age}, {nat}) was employed as a {job} in the {city} office on {date}. Salary: {money} per year.",
    "On {date} the employee was absent for {dur} due to {health}. Her line manager, {person}, held a meeting with a representative of {org}.",
    "Disciplinary hearing of {date}: the employee was accused of {offence}. The company's lawyer, {person}, referred to the {law}.",
    "Next of kin: {person} ({rel}), {address}, phone {phone}.",
]
EMAIL = [
    "From: {person} <{email}>\nTo: {person} <{email}>\nDate: {date}\nSubject: Meeting in {city}",
    "Hi {first},\n\nThanks for your message of {date}. I spoke to {person} at {org} about the {misc} case and she will call you on {phone}.",
    "The contract with {company} ({code}) will be signed on {date} in {city}. The total is {money}.",
    "My {rel} is {age} and has {health}, so I will be away for {dur} from {date}.",
    "Best regards,\n{person}\n{job}, {org}\n{address}",
]
BIO = [
    "{person} (born {date}) is a {nat} {wdem} who plays for {worg}.",
    "{person} ({year} – {year}) was a {nat} {wdem} and {wdem}.",
    "{person} is a {nat} {wdem}. He was born in {wloc} and studied at {worg}. In {year}, he won {wmisc} at the {wmisc}.",
    "Born in {wloc} in {year}, {first} began her career with {worg} and made {num} appearances before joining {worg} in {year}.",
    "{first} was elected to the {worg} in {year}, representing {wloc} as a member of the {worg}. She served until {year}.",
    "In {year} he married {person}; they had {num} children. He died of {health} in {wloc} on {date}, aged {nbr}.",
    "She competed in the {wmisc} at the {year} {wmisc}, finishing {qty}. She was awarded the {wmisc} in {year}.",
    "His {rel} {person} was a {wdem}. After {dur} at {worg}, he moved to {wloc}, where he worked as a {wdem}.",
    "{first} released the album {wmisc} in {year} with the band {worg}. It sold {qty} copies.",
    "During {wmisc}, {first} served in the {worg} as a {wdem} and was wounded at {wloc} in {year}.",
]
KINDS = {"court": COURT, "social": SOCIAL, "medical": MEDICAL, "hr": HR, "email": EMAIL, "bio": BIO}


def generate(n_docs: int, seed: int, phrases_csv: Path) -> list[tuple[str, str, list[Span]]]:
    """Return ``(kind, text, spans)`` tuples."""
    g = Gen(seed, _load_phrases(phrases_csv))
    kinds = list(KINDS)
    weights = [3, 1.5, 1, 1, 1, 3]
    out = []
    for _ in range(n_docs):
        g.new_locale()
        kind = g.r.choices(kinds, weights)[0]
        temps = KINDS[kind]
        k = g.r.randint(3, min(8, len(temps) + 2))
        chosen = [temps[0]] + g.r.sample(temps[1:], min(k, len(temps) - 1)) if kind != "bio" else g.r.sample(temps, min(k, len(temps)))
        texts: list[str] = []
        spans: list[Span] = []
        off = 0
        slots = g.slots()
        for t in chosen:
            s, sp = render(t, slots)
            spans += [(a + off, b + off, ty) for a, b, ty in sp]
            texts.append(s)
            off += len(s) + 2
        out.append((kind, "\n\n".join(texts), spans))
    return out
