"""idphoto: an offline desktop ID-photo studio."""
__version__ = "0.1.0"
