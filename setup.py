"""The repository's shared/ and services/ folders install as the packages cardroom.shared and
cardroom.services: an installed Cardroom adds the one name `cardroom` to site-packages, so it
cannot collide with another project's `shared` or `services`. The rest is in pyproject.toml."""

from setuptools import find_namespace_packages, setup

FOLDERS = ("shared", "services")

setup(
    package_dir={f"cardroom.{folder}": folder for folder in FOLDERS},
    packages=[f"cardroom.{name}" for name in find_namespace_packages(
        include=[pattern for folder in FOLDERS for pattern in (folder, f"{folder}.*")],
        exclude=["*.__pycache__"])],
    # The client library is typed (PEP 561), its generated protobuf modules by their stubs.
    package_data={"cardroom.shared": ["py.typed"], "": ["*.pyi"]},
)
