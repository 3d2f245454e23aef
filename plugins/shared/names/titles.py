"""Titles before a person's name: courtesy titles ("Mr", "Dr", "Frau") and police ranks ("PC
4471 Hollings", "Detective Sergeant Okoro"). The recognizer takes them into a name's span; the
pseudonym strategy keeps them and makes up the rest."""

from __future__ import annotations

import re

__all__ = ["CONTINENTAL_COURTESY", "COURTESY", "HONORIFIC_SUFFIXES", "JOB_HEADS", "LOCAL_TITLES", "LOWER_CASE_TITLES",
           "NOT_TITLES", "POLICE_RANK", "RANK_WORDS", "local_title"]

#: courtesy titles, lower case, that a person-name span includes ("Mr Berg", "Fru Dahl")
#: courtesy titles of French, Spanish, Italian, Portuguese and Dutch, lower case (one list for
#: the recognizer's name spans and the pseudonym's kept titles)
CONTINENTAL_COURTESY = frozenset("signor signora señor señora sig dott avv sra srta dña doña dhr "
                                 "mevr mw mevrouw meneer mijnheer".split())
#: the abbreviated ones that are written in lower case before a name ("dhr. Mohamed El Amrani")
LOWER_CASE_TITLES = frozenset("dhr mevr mw sig dott avv".split())
COURTESY = frozenset("mr mrs ms miss mx dr prof professor sir dame lord lady rev herr frau hr "
                     "fru monsieur madame mme mlle mdm encik puan cik smt shri kumari "
                     "srimati adv hon engr barr alhaji alhaja".split()) | CONTINENTAL_COURTESY

#: honorifics written after a name with a hyphen, lower case ("Tanaka-sensei", "Min-jun-ssi"):
#: the recognizer leaves them out of findings, a pseudonym keeps them (the core's grouping
#: has its own copy, ``core/coreference._HONORIFIC_SUFFIX``: the core imports no plugin)
HONORIFIC_SUFFIXES = frozenset("san sama sensei kun chan senpai dono ssi nim".split())
#: regular-expression source of a police rank before an officer's name: "PC", "DCI",
#: "Detective Sergeant", "Sgt." …
POLICE_RANK = (r"(?:W?PC|W?DC|PS|DS|DI|DCI|DSI|DSU|Supt\.?|Sgt\.?|Insp\.?"
               r"|(?:(?:Police|Detective|Special|Chief)\s+)?(?:Constable|Sergeant|Inspector"
               r"|Superintendent)|Detective\s+Chief\s+(?:Inspector|Superintendent))")

#: the words of those ranks, case-sensitive ("DI" is a rank, "Di" a name), and the judicial
#: titles of English courts before a judge's name ("HHJ Margaret Ellison": His or Her
#: Honour Judge, District Judge, Deputy District Judge; "HHJ" had read "MICHAEL")
RANK_WORDS = frozenset("PC WPC DC WDC PS DS DI DCI DSI DSU Sgt Insp Supt Constable Sergeant "
                       "Inspector Superintendent Detective Chief Police HHJ DJ DDJ "
                       # American police: "Ofc. Daniel Reyes #3318", "Det. Sgt. Ruiz"
                       "Ofc Officer Det Deputy Dep Sheriff Trooper Tpr"
                       # Australian police: "Sen Cst Ben O'Sullivan", "Det Snr Const Lee"
                       " Sen Snr Cst Const"
                       " Garda Sergt".split())  # Irish: "Garda Aoife Kearney"

#: capitals that spell a title's letters but are a department: "HR Casework" (a mailbox), "HR
#: Business Partner" (a job) — not Scandinavian "Hr" (Mr)
NOT_TITLES = frozenset({"HR"})

#: the last word of a job's title ("Claims Handler", "Family Support Worker"), lower case:
#: capitalised words before it with no given name among them are a job, not a person
JOB_HEADS = frozenset("""handler handlers officer manager adviser advisor assistant coordinator
    co-ordinator worker clerk supervisor administrator executive director consultant analyst
    practitioner technician engineer nurse lead secretary receptionist investigator caseworker
    therapist specialist controller representative rep partner""".split())

#: letters after a name that say a degree, a membership or an honour ("Dr Eleanor Price MBBS
#: MRCPsych"): no part of the name (a pseudonym keeps them; it had read "… MARY Day")
POST_NOMINALS = frozenset("""MBBS MBChB BMBS MB ChB BM BCh BChir MD DM PhD DPhil MPhil MSc BSc BA
    MA LLB LLM BEd MEd PGCE MRCPsych FRCPsych MRCP FRCP FRCS FRCA MRCGP FRCGP MRCPCH FRCPCH DRCOG
    DCH MFPH FFPH DClinPsy ClinPsyD CPsychol AFBPsS RMN RGN RN RSCN RHV BDS MFDS DipSW CQSW AMHP
    QC KC SC SAN JP MP MSP MBE OBE CBE DBE KBE FRS FCA ACA ACCA CIMA CTA FCIPD MCIPD
    FRCPC FRCSC CCFP FCFP FACP FACS FRACP FRACS DO NP PA-C
    Jr Snr Jnr II III IV Esq""".split())  # North American; a generation's ("… Dela Cruz Jr.")


#: courtesy titles of a language that are names or initials elsewhere ("Don", "D.", "M."),
#: so kept only in a text of that language
LOCAL_TITLES = {"fr": {"M", "Mme", "Mlle", "Me"}, "es": {"D", "Don", "Doña", "Dña", "Sr",
                                                         "Sra", "Srta"},
                 "it": {"Sig", "Dott", "Avv", "Ing"}, "pt": {"Sr", "Sra", "Dona", "Dra"},
                 "nl": {"Dhr", "Mevr", "Mw"}, "pl": {"Pan", "Pani"}}


def local_title(text: str, locale: str) -> bool:
    """Whether a mention opens with a title of its text's language ("M. Karim Benali" had
    read "U. Jérôme Pascal", "Doña María López" "Chelo Rómulo …": the title taken for an
    initial or a name)."""
    m = re.match(r"\s*([^\W\d_]+)(?:\.\s*|\s+)[^\W\d_]", text)
    return m is not None and m.group(1) in LOCAL_TITLES.get(locale[:2], ())
