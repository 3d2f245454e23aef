"""The public surface for plugin authors: import everything you need from here.

A plugin is a module (or any object) with functions decorated by :data:`hookimpl`::

    from redactor.plugin_api import Finding, Label, Span, hookimpl

    REDACTOR_API = ">=1,<2"          # optional: the plugin API versions you support

    class ShipNames:
        id = "ship-names"
        version = "1.0"

        def detect(self, doc, ctx):
            start = doc.text.find("Titanic")
            if start >= 0:
                yield Finding(Span(start, start + 7), Label.MISC, "Titanic", detector=self.id)

    @hookimpl
    def register_detectors(register):
        register(ShipNames())

Publish it with an entry point in the group ``redactor`` (``[project.entry-points.redactor]
ships = "my_package.plugin"``) or drop the file into the user plugins folder.
``API_VERSION`` changes its major number only when this surface breaks.
"""

from __future__ import annotations

from redactor.core.combine import CombinedRisk
from redactor.core.components import (
    Detector,
    DocumentReader,
    DocumentWriter,
    OcrEngine,
    OcrWord,
    ReplacementRequest,
    RiskIndicator,
    SearchProvider,
    SearchResult,
    SettingsSection,
    Strategy,
)
from redactor.core.context import CancelToken, RunContext
from redactor.core.coreference import initials_alias, name_initials
from redactor.core.errors import (
    EncryptedInputError,
    InputError,
    PluginContractError,
    RedactorError,
    UsageError,
    VerificationError,
)
from redactor.core.given_names import gender_table, name_votes
from redactor.core.hashing import sha256_file
from redactor.core.limits import (  # input limits (settings section `limits`)
    Budget,
    LimitError,
    Limits,
    check_chars,
    inflated_size,
    limits_for,
)
from redactor.core.model import (
    Action,
    Box,
    Document,
    Entity,
    Finding,
    Label,
    PlannedReplacement,
    RedactionPlan,
    RiskSignal,
    Segment,
    Span,
    VerificationIssue,
    VerificationResult,
)
from redactor.core.normalize import plain_only, reading_text, reading_view, tag_view
from redactor.core.resources import resource_path
from redactor.core.verify import (
    decoded_payloads,
    find_survivors,
    hint,
    norm_text,
    secret_variants,
)
from redactor.models.manifest import ModelIntegrityError
from redactor.models.manifest import verify_pack as verify_model_pack
from redactor.models.registry import get_model, list_models
from redactor.pluginhost.hookspecs import hookimpl
from redactor.pluginhost.services import detect_entities, read_document, user_settings

API_VERSION = "1.0"

__all__ = [
    "API_VERSION",
    "Action",
    "Box",
    "Budget",
    "CancelToken",
    "CombinedRisk",
    "Detector",
    "Document",
    "DocumentReader",
    "DocumentWriter",
    "EncryptedInputError",
    "Entity",
    "Finding",
    "InputError",
    "Label",
    "LimitError",
    "Limits",
    "ModelIntegrityError",
    "OcrEngine",
    "OcrWord",
    "PlannedReplacement",
    "PluginContractError",
    "RedactionPlan",
    "RedactorError",
    "ReplacementRequest",
    "RiskIndicator",
    "RiskSignal",
    "RunContext",
    "SearchProvider",
    "SearchResult",
    "Segment",
    "SettingsSection",
    "Span",
    "Strategy",
    "UsageError",
    "VerificationError",
    "VerificationIssue",
    "VerificationResult",
    "check_chars",
    "decoded_payloads",
    "detect_entities",
    "find_survivors",
    "gender_table",
    "get_model",
    "hint",
    "hookimpl",
    "initials_alias",
    "inflated_size",
    "limits_for",
    "name_initials",
    "name_votes",
    "list_models",
    "norm_text",
    "plain_only",
    "read_document",
    "reading_text",
    "reading_view",
    "resource_path",
    "secret_variants",
    "sha256_file",
    "tag_view",
    "verify_model_pack",
    "user_settings",
]
