"""Training text for the project's masked LM.

Sources (all allowed for training, see ../shared/data/README.md):
  * TAB dev texts (`tab/tab_dev.json`, MIT) and Wikipedia dev biographies (`wiki/wiki_dev.json`,
    development use only; the weights are not the text);
  * generated text: template sentences filled with Faker values (names, places, dates, jobs,
    numbers) in the style of court decisions and biographies.
Never the held-out test splits; nothing from BenetManzanaresSalor/TAE, anthipapa/*,
NorskRegnesentral/text-anonymization-benchmark.

A fixed set of documents is held out for the MLM's dev metrics: a document is held out when
sha256(doc_id) mod 5 == 0 (about 20 %).
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
if not DATA.exists():  # /work/main/training/mlm -> /work/shared/data
    DATA = Path("/work/shared/data")


def mlm_heldout(doc_id: str) -> bool:
    return hashlib.sha256(doc_id.encode()).digest()[0] % 5 == 0


def load_docs(data_dir: Path = DATA) -> list[tuple[str, str]]:
    out = []
    for rel in ("tab/tab_dev.json", "wiki/wiki_dev.json"):
        p = Path(data_dir) / rel
        for d in json.loads(p.read_text()):
            out.append((str(d["doc_id"]), d["text"]))
    return out


TEMPLATES = [
    "The applicant, {name}, was born in {year} and lives in {city}.",
    "The applicant was born in {year} and is currently detained in {city} prison.",
    "On {date} the {court} dismissed the appeal lodged by {name}.",
    "On {date} the applicant was arrested by police officers in {city}.",
    "The applicant was represented by {name}, a lawyer practising in {city}.",
    "The Government were represented by their Agent, {name}, of the Ministry of Justice.",
    "On {date} the applicant lodged a complaint with the {city} Public Prosecutor's Office.",
    "The {court} held a hearing on {date} and delivered its judgment on {date2}.",
    "The applicant was ordered to pay {amount} euros in respect of costs and expenses.",
    "The Court awards the applicant EUR {amount} in respect of non-pecuniary damage.",
    "The case originated in an application (no. {appno}) against the Republic of {country}.",
    "{name} is a {job} who was born in {city}, {country}, on {date}.",
    "{name} (born {date}) is a {nationality} {job}.",
    "{name} studied at the University of {city} and worked as a {job} until {year}.",
    "In {year}, {name} moved to {city}, where {pron} worked as a {job}.",
    "{pron_cap} married {name2} in {year}; they have {n} children.",
    "{name} died in {city} on {date} at the age of {age}.",
    "The applicant's wife, {name2}, gave evidence before the {court} on {date}.",
    "The witness stated that he had seen the applicant in {city} on the evening of {date}.",
    "The applicant complained under Article {article} of the Convention about the length of the proceedings.",
]


def generated_text(n: int, seed: int = 13) -> list[str]:
    from faker import Faker

    fk = Faker("en_GB")
    Faker.seed(seed)
    rnd = random.Random(seed)
    courts = ["Regional Court", "Supreme Court", "Court of Appeal", "District Court",
              "Constitutional Court", "Administrative Court", "Court of Cassation"]
    nats = ["American", "British", "Turkish", "Polish", "Russian", "French", "Italian",
            "Norwegian", "Danish", "German", "Ukrainian", "Romanian", "Greek", "Croatian"]
    paras = []
    for _ in range(n):
        sents = []
        for _ in range(rnd.randint(3, 7)):
            male = rnd.random() < 0.5
            t = rnd.choice(TEMPLATES)
            sents.append(t.format(
                name=fk.name_male() if male else fk.name_female(), name2=fk.name(),
                year=rnd.randint(1930, 2015), city=fk.city(), country=fk.country(),
                date=fk.date(pattern="%d %B %Y"), date2=fk.date(pattern="%d %B %Y"),
                court=rnd.choice(courts), amount=f"{rnd.randint(1, 60) * 500:,}",
                appno=f"{rnd.randint(1000, 70000)}/{rnd.randint(90, 99) if rnd.random() < .5 else rnd.randint(0, 20):02d}",
                job=fk.job().split(",")[0].lower(), nationality=rnd.choice(nats),
                pron="he" if male else "she", pron_cap="He" if male else "She",
                n=rnd.randint(1, 5), age=rnd.randint(40, 99), article=rnd.choice([3, 5, 6, 8, 10, 13])))
        paras.append(" ".join(sents))
    return paras
